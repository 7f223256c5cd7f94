import Foundation
import Testing
import TmuxHarness

extension SyncDevice {
    /// The full-screen tick on this device's list (the list `list` of its set, when given)
    /// in a tmux pane of its own, with the device's environment (its config.toml,
    /// vdirsyncer config and state directory).
    func openApp(list: String? = nil, columns: Int = 100, rows: Int = 30) throws -> TmuxSession {
        var environment = environment
        environment["LC_ALL"] = "C.UTF-8"
        let arguments = [try Self.tickExecutable().path, "--file", listFile.path] + (list.map { ["--list", $0] } ?? [])
        let command = "exec " + arguments.map(TmuxSession.quote).joined(separator: " ")
        return try TmuxSession(socket: directory.appendingPathComponent("tmux.sock").path, environment: environment,
                               command: command, columns: columns, rows: rows, paneEnvironment: environment)
    }

    /// Replaces the SUMMARY of the vdir's task titled `title`, as a phone's app edits it.
    func renameInVdir(_ title: String, to newTitle: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: vdir.path) where name.hasSuffix(".ics") {
            let url = vdir.appendingPathComponent(name)
            let text = try String(contentsOf: url, encoding: .utf8)
            // (Lines end in CRLF from the server, in LF as vdirsyncer copied tick's own files.)
            for end in ["\r\n", "\n"] where text.contains("SUMMARY:\(title)\(end)") {
                try Data(text.replacingOccurrences(of: "SUMMARY:\(title)\(end)", with: "SUMMARY:\(newTitle)\(end)").utf8).write(to: url)
                return
            }
        }
        let texts = try FileManager.default.contentsOfDirectory(atPath: vdir.path)
            .map { try String(contentsOf: vdir.appendingPathComponent($0), encoding: .utf8) }
        Issue.record("no task titled \(title) in \(vdir.path): \(texts)")
        throw CocoaError(.fileNoSuchFile)
    }
}
