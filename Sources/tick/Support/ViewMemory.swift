import FoundationEssentials
import TickCore
import TickInterchange

/// What the full-screen app remembers across starts: whether the detail pane is shown (`i`).
/// One small file, `$XDG_STATE_HOME/tick/view.toml` (`detail = "hidden"`), read with the
/// config reader and written whole with ``DurableFile``.
enum ViewMemory {
    /// `$XDG_STATE_HOME/tick/view.toml`.
    static func path(environment: [String: String]) -> String {
        TickDirectories.state(environment: environment).appendingPathComponent("view.toml").path
    }

    /// Whether the detail pane was shown when tick last quit; true when nothing was kept or
    /// the file cannot be read (it is a convenience, never an error).
    static func detailVisible(environment: [String: String]) -> Bool {
        let path = path(environment: environment)
        guard let bytes = FileManager.default.contents(atPath: path), let text = String(validating: bytes, as: UTF8.self),
              let file = try? ConfigFile.parse(text, source: path) else { return true }
        return file.entries(in: "view").last { $0.key == "detail" }?.value != .string("hidden")
    }

    /// Keeps whether the detail pane is shown; a problem in words when the file cannot be written.
    static func remember(detailVisible: Bool, environment: [String: String]) -> String? {
        let text = "# tick's full-screen view, as it was left\n[view]\ndetail = \"\(detailVisible ? "shown" : "hidden")\"\n"
        do throws(StoreError) {
            try DurableFile.write(Array(text.utf8), to: path(environment: environment))
            return nil
        } catch {
            return "cannot remember the detail pane: \(error.description)"
        }
    }
}
