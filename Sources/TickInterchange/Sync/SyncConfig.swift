import FoundationEssentials
import TickCore

/// tick's configuration file, `$XDG_CONFIG_HOME/tick/config.toml` (`~/.config/tick/config.toml`):
/// the part that sync reads.
///
/// ```toml
/// [sync]
/// vdir = "~/.local/share/vdirsyncer/tasks/personal"   # the vdir `tick sync` merges with
/// vdirsyncer_pair = "tasks"                           # run `vdirsyncer sync tasks` before and after
/// vdirsyncer = "/usr/bin/vdirsyncer"                  # the program (default: vdirsyncer on PATH)
/// ```
///
/// A small subset of TOML: `[table]` headers, `key = "basic string"` (with `\"`, `\\`, `\n`,
/// `\t` escapes) or `'literal string'`, comments after `#`, blank lines. Keys outside
/// `[sync]` are ignored (other parts of tick may use them); unknown keys inside it, and
/// anything that is not of that form, are errors that name the file and line.
public struct SyncConfig: Sendable, Equatable {
    /// The keys of `[sync]`, stated once: name and what it sets.
    static let keys: [String: WritableKeyPath<SyncConfig, String?> & Sendable] = [
        "vdir": \.vdir,
        "vdirsyncer_pair": \.vdirsyncerPair,
        "vdirsyncer": \.vdirsyncerProgram,
    ]

    /// The vdir to sync with (a leading `~/` is the home directory).
    public var vdir: String?
    /// The vdirsyncer pair to run before and after each sync.
    public var vdirsyncerPair: String?
    /// The vdirsyncer program; nil for `vdirsyncer` on PATH.
    public var vdirsyncerProgram: String?

    public init(vdir: String? = nil, vdirsyncerPair: String? = nil, vdirsyncerProgram: String? = nil) {
        self.vdir = vdir
        self.vdirsyncerPair = vdirsyncerPair
        self.vdirsyncerProgram = vdirsyncerProgram
    }

    /// `$XDG_CONFIG_HOME/tick/config.toml`, else `~/.config/tick/config.toml`.
    public static func path(environment: [String: String]) -> URL {
        TickDirectories.config(environment: environment).appendingPathComponent("config.toml")
    }

    /// The configuration in the file; an empty one when there is no file.
    public static func load(environment: [String: String]) throws(InterchangeError) -> SyncConfig {
        let path = path(environment: environment).path
        guard SyncFiles.stamp(path) != nil else { return SyncConfig() }
        let bytes = try SyncFiles.read(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InterchangeError(source: path, problem: "the file is not valid UTF-8")
        }
        var config = try parse(text, source: path)
        if let vdir = config.vdir, vdir.hasPrefix("~/") {
            config.vdir = (environment["HOME"] ?? "") + vdir.dropFirst()
        }
        return config
    }

    /// Reads the `[sync]` table of a configuration file's text.
    public static func parse(_ text: String, source: String) throws(InterchangeError) -> SyncConfig {
        var config = SyncConfig()
        var table = ""
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = rawLine.trimmed()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                guard let close = line.firstIndex(of: "]"), line[line.index(after: close)...].allSatisfy({ $0 == " " || $0 == "\t" })
                        || line[line.index(after: close)...].drop(while: { $0 == " " }).hasPrefix("#") else {
                    throw InterchangeError(source: source, line: number, problem: "a table header is `[name]`")
                }
                table = line[line.index(after: line.startIndex)..<close].trimmed()
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw InterchangeError(source: source, line: number, problem: "expected `key = \"value\"`")
            }
            let key = line[..<equals].trimmed()
            guard table == "sync" else { continue }
            guard let path = keys[key] else {
                throw InterchangeError(source: source, line: number, problem: "unknown key \"\(key)\" in [sync] (known: \(keys.keys.sorted().joined(separator: ", ")))")
            }
            config[keyPath: path] = try stringValue(String(line[line.index(after: equals)...]), source: source, line: number)
        }
        return config
    }

    /// A basic or literal string, with an optional comment after it.
    private static func stringValue(_ text: String, source: String, line: Int) throws(InterchangeError) -> String {
        let value = text.trimmed()
        guard let quote = value.first, quote == "\"" || quote == "'" else {
            throw InterchangeError(source: source, line: line, problem: "the value must be a quoted string")
        }
        var result = ""
        var escaped = false
        var rest = value.dropFirst()
        while let character = rest.first {
            rest = rest.dropFirst()
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"", "\\": result.append(character)
                default: throw InterchangeError(source: source, line: line, problem: "unknown escape \\\(character)")
                }
                escaped = false
            } else if character == "\\" && quote == "\"" {
                escaped = true
            } else if character == quote {
                let after = rest.trimmed()
                guard after.isEmpty || after.hasPrefix("#") else {
                    throw InterchangeError(source: source, line: line, problem: "unexpected text after the string")
                }
                return result
            } else {
                result.append(character)
            }
        }
        throw InterchangeError(source: source, line: line, problem: "the string is not closed")
    }
}
