import FoundationEssentials

/// The one place tick's state files live: `$XDG_STATE_HOME/tick`, else
/// `~/.local/state/tick` — sync's state (`sync-<key>.json`) and the undo journal
/// (`undo-<key>.json`), each named by a key derived from paths.
public enum StatePaths {
    /// `$XDG_STATE_HOME/tick`, else `~/.local/state/tick` (``TickDirectories/state(environment:)``).
    public static func directory(environment: [String: String]) -> URL {
        TickDirectories.state(environment: environment)
    }

    /// 16 hex digits of FNV-1a over the text's UTF-8: a file name's key for a path.
    public static func key(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
