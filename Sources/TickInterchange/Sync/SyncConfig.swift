import FoundationEssentials
import TickCore

/// The `[sync]` table of tick's configuration file (``ConfigFile``, which reads it):
///
/// ```toml
/// [sync]
/// vdir = "~/.local/share/vdirsyncer/tasks/personal"   # the vdir `tick sync` merges with
/// vdirsyncer_pair = "tasks"                           # run `vdirsyncer sync tasks` before and after
/// vdirsyncer = "/usr/bin/vdirsyncer"                  # the program (default: vdirsyncer on PATH)
/// ```
///
/// Other tables are passed over here (``ConfigFile/unknownTables()`` reports the ones tick
/// does not know); an unknown key inside `[sync]`, a value that is not a string, and
/// anything the reader does not take are errors that name the file and line.
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
            guard let path = keys[entry.key] else {
                throw InterchangeError(source: file.source, line: entry.line, problem: "unknown key \"\(entry.key)\" in [sync] (known: \(keys.keys.sorted().joined(separator: ", ")))")
            }
            guard case .string(let value) = entry.value else {
                throw InterchangeError(source: file.source, line: entry.line, problem: "the value must be a quoted string")
            }
            config[keyPath: path] = value
        }
        return config
    }
}
