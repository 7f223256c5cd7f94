import FoundationEssentials
import TickCore

/// tick's configuration file, `$XDG_CONFIG_HOME/tick/config.toml` (`~/.config/tick/config.toml`),
/// read as tables of entries: the one reader of it. `[sync]` is ``SyncConfig``'s; `[keys]`
/// and `[colors]` are the full-screen app's and `tick list`'s (read in the `tick` target).
///
/// ```toml
/// [sync]
/// vdir = "~/.local/share/vdirsyncer/tasks/personal"
///
/// [keys]
/// move_down = ["t", "Down"]    # bépo
///
/// [colors]
/// overdue = "magenta"
/// tag = "none"
/// ```
///
/// A small subset of TOML: `[table]` headers, `key = "basic string"` (with `\"`, `\\`, `\n`,
/// `\t` escapes), `'literal string'` or an array of them on one line (`["t", "Down"]`),
/// a whole number (`interval = 60`, `1_000`),
/// comments after `#`, blank lines. Anything else is an error naming the file and line.
/// Tables tick does not know are not errors here (an older tick may read a newer file)
/// but ``unknownTables()`` names them, so that a misspelt `[colours]` is reported.
public struct ConfigFile: Sendable, Equatable {
    /// The tables tick reads, stated once.
    public static let knownTables = ["colors", "keys", "sync"]

    /// A value: a string, an array of strings, or a whole number.
    public enum Value: Sendable, Equatable {
        case string(String)
        case strings([String])
        case integer(Int)

        /// The string, or the array's strings (a number as its digits).
        public var strings: [String] {
            switch self {
            case .string(let string): [string]
            case .strings(let strings): strings
            case .integer(let number): [String(number)]
            }
        }
    }

    /// `key = value` on a line of the file.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: Value
        public var line: Int
    }

    /// A `[name]` header and the entries under it (the entries before any header are in a
    /// table named "").
    public struct Table: Sendable, Equatable {
        public var name: String
        public var line: Int
        public var entries: [Entry]
    }

    /// The file as named in messages.
    public var source: String
    public var tables: [Table]

    /// `$XDG_CONFIG_HOME/tick/config.toml`, else `~/.config/tick/config.toml`.
    public static func path(environment: [String: String]) -> URL {
        TickDirectories.config(environment: environment).appendingPathComponent("config.toml")
    }

    /// The configuration file; nil when there is none.
    public static func load(environment: [String: String]) throws(InterchangeError) -> ConfigFile? {
        let path = path(environment: environment).path
        guard SyncFiles.stamp(path) != nil else { return nil }
        let bytes = try SyncFiles.read(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InterchangeError(source: path, problem: "the file is not valid UTF-8")
        }
        return try parse(text, source: path)
    }

    /// The entries of every table of that name, in file order.
    public func entries(in table: String) -> [Entry] {
        tables.filter { $0.name == table }.flatMap(\.entries)
    }

    /// A problem for each table tick does not know (and each entry outside any table), with
    /// its line.
    public func unknownTables() -> [InterchangeError] {
        let known = Self.knownTables.map { "[\($0)]" }.joined(separator: ", ")
        return tables.flatMap { table -> [InterchangeError] in
            if table.name.isEmpty {
                return table.entries.map { InterchangeError(source: source, line: $0.line, problem: "\"\($0.key)\" is outside any table (\(known))") }
            }
            guard !Self.knownTables.contains(table.name) else { return [] }
            return [InterchangeError(source: source, line: table.line, problem: "unknown table [\(table.name)] (known: \(known))")]
        }
    }

    /// Reads a configuration file's text.
    public static func parse(_ text: String, source: String) throws(InterchangeError) -> ConfigFile {
        var file = ConfigFile(source: source, tables: [Table(name: "", line: 0, entries: [])])
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = rawLine.trimmed()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                guard let close = line.firstIndex(of: "]"), line[line.index(after: close)...].allSatisfy({ $0 == " " || $0 == "\t" })
                        || line[line.index(after: close)...].drop(while: { $0 == " " }).hasPrefix("#") else {
                    throw InterchangeError(source: source, line: number, problem: "a table header is `[name]`")
                }
                file.tables.append(Table(name: line[line.index(after: line.startIndex)..<close].trimmed(), line: number, entries: []))
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw InterchangeError(source: source, line: number, problem: "expected `key = \"value\"`")
            }
            let key = line[..<equals].trimmed()
            let value = try Self.value(String(line[line.index(after: equals)...]), source: source, line: number)
            file.tables[file.tables.count - 1].entries.append(Entry(key: key, value: value, line: number))
        }
        if file.tables[0].entries.isEmpty { file.tables.removeFirst() }
        return file
    }

    /// A string or an array of strings, with an optional comment after it.
    private static func value(_ text: String, source: String, line: Int) throws(InterchangeError) -> Value {
        var rest = Substring(text.trimmed())
        func end() throws(InterchangeError) {
            let after = rest.trimmed()
            guard after.isEmpty || after.hasPrefix("#") else {
                throw InterchangeError(source: source, line: line, problem: "unexpected text after the value")
            }
        }
        if let first = rest.first, first.isASCII, first.isNumber || first == "-" {
            let sign = first == "-" ? "-" : ""
            let digits = rest.dropFirst(sign.count).prefix { $0.isASCII && ($0.isNumber || $0 == "_") }
            guard !digits.isEmpty else { throw InterchangeError(source: source, line: line, problem: "the value must be a quoted string") }
            rest = rest.dropFirst(sign.count + digits.count)
            try end()
            guard let number = Int(sign + digits.filter { $0 != "_" }) else {
                throw InterchangeError(source: source, line: line, problem: "the number \(sign)\(digits) is too large")
            }
            return .integer(number)
        }
        guard rest.first == "[" else {
            let string = try Self.string(&rest, source: source, line: line)
            try end()
            return .string(string)
        }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        var strings: [String] = []
        while rest.first != "]" {
            strings.append(try Self.string(&rest, source: source, line: line))
            rest = rest.drop { $0 == " " || $0 == "\t" }
            if rest.first == "," { rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" } } else if rest.first != "]" {
                throw InterchangeError(source: source, line: line, problem: "an array is `[\"a\", \"b\"]` on one line")
            }
        }
        rest = rest.dropFirst()
        try end()
        return .strings(strings)
    }

    /// A basic or literal string at the start of `rest`, which is left after it.
    private static func string(_ rest: inout Substring, source: String, line: Int) throws(InterchangeError) -> String {
        guard let quote = rest.first, quote == "\"" || quote == "'" else {
            throw InterchangeError(source: source, line: line, problem: "the value must be a quoted string")
        }
        var result = ""
        var escaped = false
        rest = rest.dropFirst()
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
                return result
            } else {
                result.append(character)
            }
        }
        throw InterchangeError(source: source, line: line, problem: "the string is not closed")
    }
}
