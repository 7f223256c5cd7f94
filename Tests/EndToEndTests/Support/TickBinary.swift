import Foundation
import TmuxHarness

/// The built `tick` executable (the EndToEndTests target depends on it, so it sits beside
/// the test bundle), and the list file as `tick list --json` reports it.
enum TickBinary {
    /// `TICK_BINARY` when set, else `tick` in the directory of the running test binary.
    static var path: String {
        if let override = ProcessInfo.processInfo.environment["TICK_BINARY"], !override.isEmpty { return override }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // On some layouts the test binary sits inside a bundle directory (X.xctest/…).
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("tick").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return "tick"
    }

    /// An environment with a UTF-8 locale, no colour preferences from outside, and data
    /// directories inside the test's own directory.
    static func environment(home: TemporaryDirectory) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        environment["XDG_DATA_HOME"] = home.path("xdg-data")
        environment["XDG_STATE_HOME"] = home.path("state")
        environment["HOME"] = home.url.path
        environment["TMUX"] = nil
        environment["TICK_FILE"] = nil
        environment["NO_COLOR"] = nil
        return environment
    }

    /// Runs `tick ARGUMENTS --file FILE` with standard input from /dev/null.
    @discardableResult
    static func run(_ arguments: [String], file: String, home: TemporaryDirectory) throws -> SpawnResult {
        try Spawn.run([path] + arguments + ["--file", file], environment: environment(home: home))
    }

    /// The items of the list on disk, To Do then Done, as `tick list --json` prints them.
    static func items(file: String, home: TemporaryDirectory) throws -> [DiskItem] {
        let result = try run(["list", "--json"], file: file, home: home)
        guard result.succeeded else { throw TickError.failed("tick list --json: \(result.errorOutput)") }
        return try JSONDecoder().decode([DiskItem].self, from: Data(result.output.utf8))
    }
}

enum TickError: Error, CustomStringConvertible {
    case failed(String)
    var description: String {
        switch self { case .failed(let message): message }
    }
}

/// One item as `tick list --json` prints it.
struct DiskItem: Decodable, Equatable {
    struct Place: Decodable, Equatable {
        var name: String
        var latitude: Double?
        var longitude: Double?
    }

    var id: String
    var title: String
    var notes: String?
    var due: String?
    var location: Place?
    var done: Bool
    /// The parent's id, for a subtask.
    var parent: String?
}
