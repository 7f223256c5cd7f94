import Foundation
import Testing

/// Other people's programs the interop tests run: taskwarrior, calcurse, and the Python
/// tools in the venv `Scripts/test` makes. A missing tool fails the test with a message
/// saying how to get it, never skips it.
enum ExternalTool {
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The venv: $TICK_VENV, else `.venv` in the repository.
    static func venv() throws -> URL {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["TICK_VENV"], !path.isEmpty { candidates.append(URL(fileURLWithPath: path)) }
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".venv"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent("bin/python").path) {
            return candidate
        }
        throw missing("the Python venv with icalendar, todoman, vdirsyncer and radicale (looked at \(candidates.map(\.path)))")
    }

    /// The path of a program on the system PATH.
    static func program(_ name: String, package: String) throws -> URL {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw missing("`\(name)` (the Debian package \(package))")
    }

    private static func missing(_ what: String) -> Missing {
        let error = Missing(description: "missing \(what): run Scripts/test, which installs it")
        Issue.record("\(error.description)")
        return error
    }

    /// Runs a program to its end with `environment` added to a minimal one.
    static func run(_ executable: URL, _ arguments: [String], environment extra: [String: String] = [:], input: Data? = nil) throws -> RunResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Europe/Berlin"]
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input == nil ? FileHandle.nullDevice : inPipe
        try process.run()
        if let input {
            inPipe.fileHandleForWriting.write(input)
            try inPipe.fileHandleForWriting.close()
        }
        let stderrData = LockedData()
        let stderrFD = err.fileHandleForReading.fileDescriptor
        let thread = Thread { stderrData.set(readAll(stderrFD)) }
        thread.start()
        let stdoutData = readAll(out.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        return RunResult(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                         stderr: String(decoding: stderrData.wait(), as: UTF8.self))
    }
}
