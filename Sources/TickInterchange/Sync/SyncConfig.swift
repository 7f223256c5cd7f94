import FoundationEssentials
import TickCore

/// The `[sync]` table of tick's configuration file (``ConfigFile``, which reads it):
///
/// ```toml
/// [sync]
/// vdir = "~/.local/share/vdirsyncer/tasks/personal"   # the vdir `tick sync` merges with
/// vdirsyncer_pair = "tasks"                           # run `vdirsyncer sync tasks` before and after
/// vdirsyncer = "/usr/bin/vdirsyncer"                  # the program (default: vdirsyncer on PATH)
/// interval = 60                                       # the open app syncs every 60 s; 0: only after changes
/// ```
///
/// Other tables are passed over here (``ConfigFile/unknownTables()`` reports the ones tick
/// does not know); an unknown key inside `[sync]`, a value of the wrong kind, and
/// anything the reader does not take are errors that name the file and line.
public struct SyncConfig: Sendable, Equatable {
    /// A key's value and where it goes: a string, or a whole number of seconds.
    enum Row: Sendable {
        case text(WritableKeyPath<SyncConfig, String?> & Sendable)
        case seconds(WritableKeyPath<SyncConfig, Int?> & Sendable)

        /// Sets the value in `config`; the problem when it is of the wrong kind.
        func set(_ value: ConfigFile.Value, in config: inout SyncConfig) -> String? {
            switch (self, value) {
            case (.text(let path), .string(let text)): config[keyPath: path] = text
            case (.seconds(let path), .integer(let number)) where number >= 0: config[keyPath: path] = number
            case (.text, _): return "the value must be a quoted string"
            case (.seconds, _): return "the value must be a whole number of seconds (0 or more), without quotes"
            }
            return nil
        }
    }

    /// The keys of `[sync]`, stated once: name and what it sets.
    static let keys: [String: Row] = [
        "vdir": .text(\.vdir),
        "vdirsyncer_pair": .text(\.vdirsyncerPair),
        "vdirsyncer": .text(\.vdirsyncerProgram),
        "interval": .seconds(\.interval),
    ]

    /// How often the open app (and `tick sync --watch`) syncs when nothing changed.
    public static let defaultInterval = 60

    /// The vdir to sync with (a leading `~/` is the home directory).
    public var vdir: String?
    /// The vdirsyncer pair to run before and after each sync.
    public var vdirsyncerPair: String?
    /// The vdirsyncer program; nil for `vdirsyncer` on PATH.
    public var vdirsyncerProgram: String?
    /// Seconds between background syncs (nil: ``defaultInterval``; 0: no timer).
    public var interval: Int?

    public init(vdir: String? = nil, vdirsyncerPair: String? = nil, vdirsyncerProgram: String? = nil, interval: Int? = nil) {
        self.vdir = vdir
        self.vdirsyncerPair = vdirsyncerPair
        self.vdirsyncerProgram = vdirsyncerProgram
        self.interval = interval
    }

    /// `$XDG_CONFIG_HOME/tick/config.toml`, else `~/.config/tick/config.toml`.
    public static func path(environment: [String: String]) -> URL {
        ConfigFile.path(environment: environment)
    }

    /// The configuration in the file; an empty one when there is no file.
    public static func load(environment: [String: String]) throws(InterchangeError) -> SyncConfig {
        guard let file = try ConfigFile.load(environment: environment) else { return SyncConfig() }
        var config = try read(file)
        if let vdir = config.vdir, vdir.hasPrefix("~/") {
            config.vdir = (environment["HOME"] ?? "") + vdir.dropFirst()
        }
        return config
    }

    /// Reads the `[sync]` table of a configuration file's text.
    public static func parse(_ text: String, source: String) throws(InterchangeError) -> SyncConfig {
        try read(ConfigFile.parse(text, source: source))
    }

    /// The `[sync]` table of a configuration file.
    static func read(_ file: ConfigFile) throws(InterchangeError) -> SyncConfig {
        var config = SyncConfig()
        for entry in file.entries(in: "sync") {
            guard let row = keys[entry.key] else {
                throw InterchangeError(source: file.source, line: entry.line, problem: "unknown key \"\(entry.key)\" in [sync] (known: \(keys.keys.sorted().joined(separator: ", ")))")
            }
            if let problem = row.set(entry.value, in: &config) {
                throw InterchangeError(source: file.source, line: entry.line, problem: problem)
            }
        }
        return config
    }
}
