import Foundation

/// A child process of `pid` (tick started by the shell in the pane), found by the
/// parent id in /proc/PID/stat.
func childProcess(of pid: pid_t) -> pid_t? {
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let candidate = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.range(of: ")", options: .backwards) else { continue }
            // After "pid (name)": state, then the parent id.
            let fields = stat[close.upperBound...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == pid { return candidate }
        }
        usleep(20_000)
    }
    return nil
}
