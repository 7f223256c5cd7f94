import FoundationEssentials

/// tick's XDG base directories, stated once: data (the list), config (`config.toml`) and
/// state (sync's state, the full-screen app's remembered view). A variable that is unset or
/// not an absolute path falls back to its default under the home directory.
public enum TickDirectories {
    /// `$XDG_DATA_HOME/tick`, else `~/.local/share/tick`.
    public static func data(environment: [String: String]) -> URL {
        base("XDG_DATA_HOME", default: ".local/share", environment: environment)
    }

    /// `$XDG_CONFIG_HOME/tick`, else `~/.config/tick`.
    public static func config(environment: [String: String]) -> URL {
        base("XDG_CONFIG_HOME", default: ".config", environment: environment)
    }

    /// `$XDG_STATE_HOME/tick`, else `~/.local/state/tick`.
    public static func state(environment: [String: String]) -> URL {
        base("XDG_STATE_HOME", default: ".local/state", environment: environment)
    }

    private static func base(_ variable: String, default path: String, environment: [String: String]) -> URL {
        if let value = environment[variable], value.hasPrefix("/") {
            return URL(fileURLWithPath: value, isDirectory: true).appendingPathComponent("tick", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(path + "/tick", isDirectory: true)
    }
}
