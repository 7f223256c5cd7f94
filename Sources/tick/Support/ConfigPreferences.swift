import FoundationEssentials
import Glibc
import TickCore
import TickInterchange
import TickTUI

/// config.toml's `[keys]` and `[colors]` (read by ``ConfigFile``, the one reader of the
/// file) as the app's ``Preferences``, with each thing in the file that tick did not
/// understand as a message naming the file and line: an unknown table, action, key name,
/// colour name or value. The CLI prints them on standard error; the app shows them in its
/// status line at start. A file that cannot be read at all is one such message, and the
/// defaults apply.
struct ConfigPreferences {
    var preferences = Preferences()
    var problems: [String] = []

    /// The preferences of the configuration file; the defaults when there is none.
    static func load(environment: [String: String]) -> ConfigPreferences {
        do {
            guard let file = try ConfigFile.load(environment: environment) else { return ConfigPreferences() }
            return read(file)
        } catch {
            return ConfigPreferences(problems: [error.description])
        }
    }

    /// The preferences of a configuration file.
    static func read(_ file: ConfigFile) -> ConfigPreferences {
        var result = ConfigPreferences()
        func problem(_ line: Int, _ text: String) {
            result.problems.append(InterchangeError(source: file.source, line: line, problem: text).description)
        }
        result.problems += file.unknownTables().map(\.description)
        let rebindings = file.entries(in: "keys").map { KeyMap.Rebinding(name: $0.key, keys: $0.value.strings, line: $0.line) }
        let (keyMap, keyProblems) = KeyMap.standard.rebinding(rebindings)
        result.preferences.keyMap = keyMap
        for keyProblem in keyProblems { problem(keyProblem.line, keyProblem.message) }
        let roles = ColorScheme.roles.map(\.name).joined(separator: ", ")
        let colors = ColorScheme.colorNames.map(\.name).joined(separator: ", ")
        for entry in file.entries(in: "colors") {
            guard let role = ColorScheme.roles.first(where: { $0.name == entry.key }) else {
                problem(entry.line, "unknown key \"\(entry.key)\" in [colors] (known: \(roles))")
                continue
            }
            guard case .string(let name) = entry.value, let color = ColorScheme.color(named: name) else {
                problem(entry.line, "\(entry.key) takes one colour: \(colors), none, or 0–255")
                continue
            }
            result.preferences.colorScheme[keyPath: role.path] = color
        }
        return result
    }

    /// Prints each problem on standard error (`tick: config.toml:3: …`).
    func report() {
        // (Through tick's one stderr writer, which shows control characters quoted from the file.)
        for problem in problems { warn(problem) }
    }

    /// The problems for the app's status line: the first, and how many more.
    var statusMessage: StatusMessage? {
        guard let first = problems.first else { return nil }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more; tick list prints them all)" : ""
        return StatusMessage(first + more, isError: true)
    }
}
