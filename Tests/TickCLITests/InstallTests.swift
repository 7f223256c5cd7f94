import Foundation
import Testing

/// The man page follows the command definitions and the key table, and README's install
/// lines put tick, its man page and a completion script where `man tick` and the shell
/// find them.
@Suite("Man page and install lines")
struct InstallTests {
    /// `text` as the man page writes it: backslashes and hyphens escaped.
    static func roff(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    }

    /// The command names of `tick --help`'s SUBCOMMANDS, aliases included ("check, done").
    static func subcommands(inHelp help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
            // A command starts two spaces in; its description's continuation lines further.
            guard line.hasPrefix("  "), line.dropFirst(2).first != " " else { return nil }
            return line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ").first
        }
    }

    @Test("the man page has every command, alias, abstract and option that tick help shows")
    func manPageFollowsHelp() throws {
        let tick = try TickRunner()
        let page = try tick.run(["--generate-man-page"], withFile: false).stdout
        let root = try tick.run(["--help"], withFile: false).stdout
        let commands = Self.subcommands(inHelp: root)
        #expect(commands.count >= 8, "\(root)")
        for option in ["--file", "--mouse", "--version"] {
            #expect(page.contains("\\fB" + Self.roff(option) + "\\fR"), "\(option)")
        }
        for names in commands {
            #expect(page.contains(".SS \"\(Self.roff(names))\""), "\(names)")
            let name = try #require(names.components(separatedBy: ", ").first)
            let help = try tick.run(["help", name], withFile: false)
            #expect(help.status == 0)
            let overview = try #require(help.stdout.split(separator: "\n").first { $0.hasPrefix("OVERVIEW: ") })
            #expect(page.contains(Self.roff(String(overview.dropFirst("OVERVIEW: ".count)))), "\(overview)")
            let options = help.stdout.split(separator: "\n").drop { $0 != "OPTIONS:" }
            // "  --due <date>  When…", "  -h, --help  Show…"; continuation lines are indented further.
            let longNames = options.filter { $0.hasPrefix("  -") }.flatMap { line in
                (line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ").first ?? "")
                    .split(separator: " ").filter { $0.hasPrefix("--") }.map { String($0.prefix { $0 != "," }) }
            }
            #expect(!longNames.isEmpty, "\(name)")
            for option in longNames where !["--help", "--version"].contains(option) {
                #expect(page.contains("\\fB" + Self.roff(option) + "\\fR"), "tick \(name) \(option)")
            }
        }
    }

    @Test("the man page's KEYS section lists the key table as docs/keys.md does")
    func manPageKeys() throws {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/keys.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let page = try TickRunner().run(["--generate-man-page"], withFile: false).stdout
        #expect(page.contains("\n.SH KEYS\n"))
        var rows = 0
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix("## ") {
                #expect(page.contains(".SS \"\(Self.roff(String(line.dropFirst(3))))\""), "\(line)")
            } else if line.hasPrefix("| `") {
                // | `keys` | help | `[keys] name` |
                let parts = line.components(separatedBy: " | ")
                #expect(parts.count == 3, "\(line)")
                guard parts.count == 3 else { continue }
                let keys = String(parts[0].dropFirst(3).dropLast())
                let name = parts[2].hasPrefix("`") ? " (\\fI\(Self.roff(String(parts[2].dropFirst().prefix { $0 != "`" })))\\fR)" : ""
                #expect(page.contains(".TP\n\\fB\(Self.roff(keys))\\fR\(name)\n\(Self.roff(parts[1]))\n"), "\(line)")
                rows += 1
            }
        }
        #expect(rows > 40)
    }

    @Test("README's install lines install tick, its man page where man finds it, and a completion script")
    func readmeInstall() throws {
        let readme = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let blocks = text.components(separatedBy: "```sh\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
        let install = try #require(blocks.first { $0.contains("install -D") })
        #expect(install.contains("--generate-man-page"))
        #expect(install.contains("--generate-completion-script"))
        #expect(text.contains("zsh") && text.contains("fish"))
        // The built binary stands in for the release build.
        let lines = install.split(separator: "\n").filter { !$0.hasPrefix("swift build") }
            .map { $0.replacingOccurrences(of: ".build/release/tick", with: (try? TickRunner.executable().path) ?? "missing") }

        let tick = try TickRunner()
        let home = tick.directory.path
        let path = "\(home)/.local/bin:/usr/bin:/bin"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-ec", lines.joined(separator: "\n")]
        shell.environment = ["HOME": home, "PATH": path, "LANG": "C.UTF-8"]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)

        #expect(FileManager.default.isExecutableFile(atPath: "\(home)/.local/bin/tick"))
        let page = try String(contentsOfFile: "\(home)/.local/share/man/man1/tick.1", encoding: .utf8)
        #expect(page.hasPrefix(".TH TICK 1 "))
        let completion = try String(contentsOfFile: "\(home)/.local/share/bash-completion/completions/tick", encoding: .utf8)
        #expect(completion.contains("remove") && completion.contains("due-before"))

        // man-db finds pages beside the bin directories on PATH: `man tick` opens this one.
        let man = Process()
        man.executableURL = URL(fileURLWithPath: "/usr/bin/man")
        man.arguments = ["-w", "tick"]
        man.environment = ["HOME": home, "PATH": path, "LANG": "C.UTF-8"]
        let out = Pipe()
        man.standardOutput = out
        man.standardError = FileHandle.nullDevice
        try man.run()
        let found = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        man.waitUntilExit()
        #expect(found.trimmingCharacters(in: .whitespacesAndNewlines) == "\(home)/.local/share/man/man1/tick.1")
    }
}
