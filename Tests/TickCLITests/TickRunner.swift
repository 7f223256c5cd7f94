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

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = directory.appendingPathComponent("ToDoItems.plist")
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

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

    /// Runs `tick arguments…` with `--file` appended unless `withFile` is false. The
    /// environment has the time zone fixed to Europe/Berlin and HOME, XDG_DATA_HOME inside
    /// the temporary directory, so the user's real list is never touched.
    @discardableResult
    func run(_ arguments: [String], withFile: Bool = true, environment extra: [String: String] = [:]) throws -> RunResult {
        let process = Process()
        process.executableURL = try Self.executable()
        process.arguments = arguments + (withFile ? ["--file", file.path] : [])
        var environment = ["TZ": "Europe/Berlin", "HOME": directory.path, "XDG_DATA_HOME": directory.appendingPathComponent("xdg").path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        environment.merge(extra) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
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

    /// Runs `tick list --json` and returns the parsed array.
    func listJSON(_ extra: [String] = []) throws -> [[String: Any]] {
        let result = try run(["list", "--json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(parsed as? [[String: Any]])
    }

    /// Adds an item and returns the short id tick printed.
    @discardableResult
    func add(_ arguments: [String]) throws -> String {
        let result = try run(["add"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
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
