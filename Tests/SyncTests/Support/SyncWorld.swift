import Foundation
import Testing
import TmuxHarness

/// A throw-away CalDAV world: a Radicale server on a free 127.0.0.1 port with a VTODO
/// collection, and devices that sync with it through vdirsyncer — tick devices and a phone
/// driven by todoman — all from the Python venv that `Scripts/test` sets up.
final class SyncWorld {
    let directory: URL
    let venv: URL
    let port: Int
    private var server: Process
    /// The collection's URL path on the server.
    static let collection = "/alice/tasks/"

    init() throws {
        venv = try Self.findVenv()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-syncworld-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A port found free can be taken before Radicale binds it (by another test's
        // connection, say); Radicale then exits, and starts again on another port.
        var attempt = 1
        do {
            while true {
                let port = try Self.freePort()
                let server = try Self.startRadicale(venv: venv, directory: directory, port: port)
                if try Self.waitForServer(server, port: port, directory: directory, retrying: attempt < 5) {
                    (self.port, self.server) = (port, server)
                    break
                }
                attempt += 1
            }
        } catch {
            // (deinit does not run for a world that never started.)
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        try makeCollection(Self.collection)
    }

    /// Makes a VTODO collection at `path` on the server (`/alice/NAME/`), with a displayname when given.
    func makeCollection(_ path: String, displayName: String? = nil) throws {
        let name = displayName.map { "<D:displayname>\($0)</D:displayname>" } ?? ""
        try python("""
            import urllib.request, base64
            body = b'<?xml version="1.0"?><D:mkcol xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>' \\
                b'<D:resourcetype><D:collection/><C:calendar/></D:resourcetype>\(name)' \\
                b'<C:supported-calendar-component-set><C:comp name="VTODO"/></C:supported-calendar-component-set>' \\
                b'</D:prop></D:set></D:mkcol>'
            request = urllib.request.Request("http://127.0.0.1:\(port)\(path)", data=body, method="MKCOL")
            request.add_header("Authorization", "Basic " + base64.b64encode(b"alice:x").decode())
            request.add_header("Content-Type", "application/xml")
            assert urllib.request.urlopen(request, timeout=10).status == 201
            """)
    }

    deinit {
        // SIGKILL: the test runner's threads block SIGTERM, and a child inherits that mask.
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// `$TICK_VENV`, else `.venv` in the repository; a missing venv fails the test.
    static func findVenv() throws -> URL {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["TICK_VENV"], !path.isEmpty { candidates.append(URL(fileURLWithPath: path)) }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(repository.appendingPathComponent(".venv"))
        for candidate in candidates {
            let tools = ["bin/python", "bin/vdirsyncer", "bin/todo"]
            if tools.allSatisfy({ FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent($0).path) }) { return candidate }
        }
        Issue.record("no Python venv with radicale, vdirsyncer and todoman at \(candidates.map(\.path)): run Scripts/test (or set TICK_VENV)")
        throw CocoaError(.fileNoSuchFile)
    }

    /// Stops the server, as a network that is gone or a server that is down would.
    func stopServer() {
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
    }

    /// Starts the server again on the same port, with the same storage.
    func restartServer() throws {
        let server = try Self.startRadicale(venv: venv, directory: directory, port: port)
        guard try Self.waitForServer(server, port: port, directory: directory, retrying: false) else { throw CocoaError(.fileReadUnknown) }
        self.server = server
    }

    /// Runs a Python script with the venv's Python; it must succeed.
    @discardableResult
    func python(_ script: String) throws -> String {
        let result = try Spawn.run([venv.appendingPathComponent("bin/python").path, "-c", script], timeout: 30)
        #expect(result.status == 0, "python failed: \(result.errorOutput)")
        return result.output
    }

    /// The items on the server (in the collection `alice/NAME`, by default the world's one), as the text of each stored .ics file.
    func serverItems(in collection: String = "tasks") throws -> [String] {
        let folder = serverFolder(collection)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ics") }.sorted()
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
    }

    /// Radicale's folder of the collection `alice/NAME`.
    func serverFolder(_ collection: String) -> URL {
        directory.appendingPathComponent("server/collection-root/alice/\(collection)")
    }

    /// The collections on the server (`alice/NAME`), each with its displayname as Radicale keeps it.
    func serverCollections() throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: serverFolder("").path) where !name.hasPrefix(".") {
            let props = serverFolder(name).appendingPathComponent(".Radicale.props")
            let object = (try? JSONSerialization.jsonObject(with: Data(contentsOf: props))) as? [String: Any]
            result[name] = object?["D:displayname"] as? String ?? ""
        }
        return result
    }

    /// A new device (a directory of its own with a vdir synced by vdirsyncer).
    func device(_ name: String, collections: Bool = false) throws -> SyncDevice { try SyncDevice(world: self, name: name, collections: collections) }

    /// Starts Radicale on `port` with a config in `directory`, its log in radicale.log.
    private static func startRadicale(venv: URL, directory: URL, port: Int) throws -> Process {
        let config = directory.appendingPathComponent("radicale.conf")
        try """
            [server]
            hosts = 127.0.0.1:\(port)
            [auth]
            type = none
            [rights]
            type = owner_only
            [storage]
            filesystem_folder = \(directory.appendingPathComponent("server").path)
            """.write(to: config, atomically: true, encoding: .utf8)
        let server = Process()
        server.executableURL = venv.appendingPathComponent("bin/python")
        server.arguments = ["-m", "radicale", "--config", config.path]
        server.standardInput = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        server.standardError = try FileHandle(forWritingTo: emptyFile(directory.appendingPathComponent("radicale.log")))
        try server.run()
        return server
    }

    /// Waits until the server says it is ready and takes connections (true: its own log,
    /// since another program may hold the port). False when it exited because its port was
    /// taken and `retrying` allows another; any other failure is an error.
    private static func waitForServer(_ server: Process, port: Int, directory: URL, retrying: Bool) throws -> Bool {
        func log() -> String {
            (try? String(contentsOf: directory.appendingPathComponent("radicale.log"), encoding: .utf8)) ?? ""
        }
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if server.isRunning, log().contains("Radicale server ready"), canConnect(port: port) { return true }
            guard server.isRunning else { break }
            usleep(20_000)
        }
        let log = log()
        if retrying, !server.isRunning, log.contains("Address already in use") { return false }
        if server.isRunning {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        Issue.record("Radicale did not start on port \(port): \(log)")
        throw CocoaError(.fileReadUnknown)
    }

    private static func canConnect(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// A port the kernel has free on 127.0.0.1 now.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func emptyFile(_ url: URL) throws -> URL {
        try Data().write(to: url)
        return url
    }
}
