import ArgumentParser
import FoundationEssentials
import TickTUI

/// The manual page `tick --generate-man-page` prints (man(7) macros), made from the command
/// definitions: argument-parser describes every command, argument and help text as JSON
/// (`_dumpHelp`, what `--experimental-dump-help` prints and its generate-manual plugin
/// reads), and this renders that description. The KEYS section is the full-screen list's
/// key table (``KeyMap/groups``), as its `?` screen shows it.
enum ManPage {
    /// The page for `root` and its subcommands.
    static func render(_ root: any ParsableCommand.Type, version: String) throws(CLIError) -> String {
        let info: ToolInfo
        do {
            info = try JSONDecoder().decode(ToolInfo.self, from: Data(root._dumpHelp().utf8))
        } catch {
            throw CLIError("cannot read argument-parser's description of the commands: \(error)")
        }
        let command = info.command
        let name = command.commandName
        var page: [String] = []
        page.append(".TH \(name.uppercased()) 1 \"\" \"\(escaped(version))\" \"User Commands\"")
        page.append(".SH NAME")
        page.append("\(escaped(name)) \\- \(escaped(command.abstract ?? ""))")
        page.append(".SH SYNOPSIS")
        page.append(".B \(escaped(name))")
        page.append("[\\fIoptions\\fR]")
        page.append(".br")
        page.append(".B \(escaped(name))")
        page.append("\\fIcommand\\fR [\\fIarguments\\fR] [\\fIoptions\\fR]")
        page.append(".SH DESCRIPTION")
        page += paragraphs(command.discussion ?? "")
        page.append(".SH OPTIONS")
        page += arguments(command.arguments ?? [])
        page.append(".SH COMMANDS")
        for sub in command.subcommands ?? [] where sub.shouldDisplay ?? true {
            let names = ([sub.commandName] + (sub.aliases ?? [])).joined(separator: ", ")
            page.append(".SS \"\(escaped(names))\"")
            page.append(".B \(escaped(name)) \(escaped(sub.commandName))")
            page.append(usage(of: sub.commandName, in: root).map(italicValues) ?? synopsis(sub.arguments ?? []))
            page.append(".PP")
            page.append(escaped(sub.abstract ?? ""))
            page += paragraphs(sub.discussion ?? "")
            let shown = (sub.arguments ?? []).filter { $0.shouldDisplay && !Self.standard.contains($0.names?.first?.name ?? "") }
            if !shown.isEmpty { page += arguments(shown) }
        }
        // The keys as config.toml's [keys] binds them.
        page += keys(ConfigPreferences.load(environment: ProcessInfo.processInfo.environment).preferences.keyMap.groups)
        page.append(".SH EXIT STATUS")
        page.append("0 on success, 1 when a command fails (an unknown item, a file that cannot be read or written), 64 for a usage error.")
        page.append(".SH SEE ALSO")
        page.append("\\fB\(escaped(name)) \\-\\-generate\\-completion\\-script\\fR bash|zsh|fish prints a shell completion script.")
        return page.joined(separator: "\n") + "\n"
    }

    /// The KEYS section: each group of the key table, one `.TP` entry per line of it.
    static func keys(_ groups: [KeyMap.Group]) -> [String] {
        var lines = [".SH KEYS", ".PP",
                     "The keys of the full-screen list; \\fB?\\fR there shows the same list, and the footer the keys that apply at the moment. "
                        + "The name in parentheses is the one \\fB[keys]\\fR in ~/.config/tick/config.toml rebinds (docs/keys.md)."]
        for group in groups {
            lines.append(".SS \"\(escaped(group.title))\"")
            for entry in group.entries {
                let name = entry.name.map { " (\\fI\(escaped($0))\\fR)" } ?? ""
                lines += [".TP", "\\fB\(escaped(entry.keys))\\fR" + name, escaped(entry.help)]
            }
        }
        return lines
    }

    /// Flags every command has, listed once under OPTIONS.
    static let standard: Set<String> = ["h", "help", "version"]

    /// Text paragraphs; lines indented by two spaces (examples) are kept as they are.
    static func paragraphs(_ text: String) -> [String] {
        var lines: [String] = []
        var inExample = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.isEmpty {
                if inExample { lines.append(".fi"); inExample = false }
                lines.append(".PP")
            } else if line.hasPrefix("  ") {
                if !inExample { lines.append(".nf"); lines.append(".RS 4"); inExample = true }
                lines.append(escaped(String(line.dropFirst(2))))
            } else {
                if inExample { lines.append(".RE"); lines.append(".fi"); inExample = false }
                lines.append(escaped(line))
            }
        }
        if inExample { lines.append(".RE"); lines.append(".fi") }
        return [".PP"] + lines
    }

    /// One `.TP` entry per argument: its names and value, then its help.
    static func arguments(_ arguments: [ArgumentInfo]) -> [String] {
        arguments.filter(\.shouldDisplay).flatMap { argument -> [String] in
            [".TP", term(argument), escaped(argument.abstract ?? "")]
                + (argument.discussion.map { [escaped($0)] } ?? [])
        }
    }

    /// `\fB--due\fR \fIdate\fR`, `\fIitem\fR...`.
    static func term(_ argument: ArgumentInfo) -> String {
        let value = argument.valueName.map { "\\fI\(escaped($0))\\fR" }
        switch argument.kind {
        case "positional":
            return (value ?? "") + (argument.isRepeating ? "..." : "")
        default:
            let names = (argument.names ?? []).map { name in
                "\\fB" + (name.kind == "short" ? "\\-" : "\\-\\-") + escaped(name.name) + "\\fR"
            }.joined(separator: ", ")
            return argument.kind == "option" ? names + " " + (value ?? "") : names
        }
    }

    /// The usage a subcommand states itself (``CommandConfiguration/usage``, which the JSON
    /// description leaves out), after `tick NAME `: `<item> [--json] [--file <path>]`.
    static func usage(of name: String, in root: any ParsableCommand.Type) -> String? {
        guard let command = root.configuration.subcommands.first(where: { $0.configuration.commandName == name }),
              let usage = command.configuration.usage else { return nil }
        let lead = "\(root.configuration.commandName ?? "") \(name) "
        return usage.hasPrefix(lead) ? String(usage.dropFirst(lead.count)) : usage
    }

    /// A usage line escaped, its `<value>` names in italics and its `--options` in bold, as
    /// ``term(_:)`` writes them.
    static func italicValues(_ usage: String) -> String {
        escaped(usage).replacing("<", with: "\\fI").replacing(">", with: "\\fR")
            .split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
                let option = word.drop { $0 == "[" }.prefix { $0 != "]" }
                guard option.hasPrefix("\\-\\-") else { return String(word) }
                return String(word).replacing(String(option), with: "\\fB" + option + "\\fR")
            }.joined(separator: " ")
    }

    /// A command's arguments in brief: `\fIitem\fR... [\fB--done\fR] …`.
    static func synopsis(_ arguments: [ArgumentInfo]) -> String {
        arguments.filter { $0.shouldDisplay && !standard.contains($0.names?.first?.name ?? "") }
            .map { $0.isOptional ? "[" + term($0) + "]" : term($0) }
            .joined(separator: " ")
    }

    /// Text safe in a man page: backslashes and hyphens escaped, no line starting with a
    /// control character (`.` or `'`).
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default: out.append(character)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    // The part of argument-parser's description this page uses.

    struct ToolInfo: Decodable {
        let command: CommandInfo
    }

    struct CommandInfo: Decodable {
        let commandName: String
        let aliases: [String]?
        let abstract: String?
        let discussion: String?
        let shouldDisplay: Bool?
        let subcommands: [CommandInfo]?
        let arguments: [ArgumentInfo]?
    }

    struct ArgumentInfo: Decodable {
        let kind: String
        let names: [NameInfo]?
        let valueName: String?
        let abstract: String?
        let discussion: String?
        let isOptional: Bool
        let isRepeating: Bool
        let shouldDisplay: Bool
    }

    struct NameInfo: Decodable {
        let kind: String
        let name: String
    }
}
