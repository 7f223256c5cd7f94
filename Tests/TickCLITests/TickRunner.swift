import Foundation
import Testing

/// The result of one run of the `tick` binary.
struct RunResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs the built `tick` binary against a temporary directory of its own.
final class TickRunner: Sendable {
    let directory: URL
    let file: URL

    /// A runner whose directory is a new one in `parent` (the temporary directory by default).
    init(in parent: URL = FileManager.default.temporaryDirectory) throws {
        directory = parent.appendingPathComponent("tick-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = directory.appendingPathComponent("ToDoItems.plist")
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Runs tick through another program (`timeout`, `setpriv`): `executable` with
    /// `arguments`, standard output discarded; the exit status and standard error.
    static func runWrapped(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    /// The `tick` executable built beside the test bundle.
    static func executable() throws -> URL {
        var candidates: [URL] = []
        let argument0 = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        candidates.append(argument0.deletingLastPathComponent().appendingPathComponent("tick"))
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent("tick"))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("tick"))
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        Issue.record("no tick binary beside the tests; looked at \(candidates.map(\.path))")
        throw CocoaError(.fileNoSuchFile)
    }

    /// Runs `tick arguments…` with `--file` appended unless `withFile` is false, `input` (if
    /// any) on standard input. The environment has the time zone fixed to Europe/Berlin and
    /// HOME, XDG_DATA_HOME inside the temporary directory, so the user's real list is never touched.
    @discardableResult
    func run(_ arguments: [String], withFile: Bool = true, environment extra: [String: String] = [:], input: String? = nil) throws -> RunResult {
        let process = Process()
        process.executableURL = try Self.executable()
        process.arguments = arguments + (withFile ? ["--file", file.path] : [])
        var environment = ["TZ": "Europe/Berlin", "HOME": directory.path, "XDG_DATA_HOME": directory.appendingPathComponent("xdg").path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let input {
            // (From a file: a pipe could fill before tick reads it.)
            let path = directory.appendingPathComponent("stdin-\(UUID().uuidString)").path
            try input.write(toFile: path, atomically: true, encoding: .utf8)
            process.standardInput = FileHandle(forReadingAtPath: path)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let stderrData = LockedData()
        let stderrFD = err.fileHandleForReading.fileDescriptor
        let stderrThread = Thread { stderrData.set(readAll(stderrFD)) }
        stderrThread.start()
        let stdoutData = readAll(out.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        return RunResult(
            status: process.terminationStatus,
            stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData.wait(), as: UTF8.self)
        )
    }

    /// Runs `tick arguments… --file FILE` with standard output on a terminal `columns` wide
    /// (a pseudo-terminal from util-linux `script`); the output's line ends are `\n` again.
    func runInTerminal(_ arguments: [String], columns: Int, environment extra: [String: String] = [:]) throws -> RunResult {
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = ([try Self.executable().path] + arguments + ["--file", file.path]).map(quoted).joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", "stty cols \(columns) rows 24; exec \(command)", "/dev/null"]
        process.environment = ["TZ": "Europe/Berlin", "HOME": directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "xterm"]
            .merging(extra) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = readAll(out.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        return RunResult(status: process.terminationStatus, stdout: text, stderr: "")
    }

    /// Runs `tick list --json` and returns the parsed array.
    func listJSON(_ extra: [String] = []) throws -> [[String: Any]] {
        let result = try run(["list", "--json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(parsed as? [[String: Any]])
    }

    /// Adds an item and returns the short id tick printed (`added 3f2a1b2c  Title`).
    @discardableResult
    func add(_ arguments: [String]) throws -> String {
        let result = try run(["add"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("added "), "\(result.stdout)")
        return result.stdout.split(separator: " ").dropFirst().first.map(String.init) ?? ""
    }
}

/// Data handed from a reader thread to the test, waited for with a condition.
final class LockedData: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.lock()
        data = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data ?? Data()
    }
}

/// Reads a descriptor to its end, retrying reads a signal interrupted (Foundation's
/// `readDataToEndOfFile` traps on EINTR).
func readAll(_ fd: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            data.append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
            return data
        }
    }
}
