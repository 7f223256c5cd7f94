import FoundationEssentials
import Glibc
import TickCore

/// vdirsyncer for a folder of collections: one run for the whole pair, whose errors are
/// told apart by the collection they name (`error: PAIR/COLLECTION: …`), so that one broken
/// collection does not stop the others.
extension CollectionsSync {
    /// Runs `vdirsyncer COMMAND PAIR`; its output goes where ``vdirsyncerOutput`` says (else
    /// to standard output). Returns the collections it reported an error for, each with the
    /// first line said of it. A failure that names no collection of the storage fails the
    /// whole sync, as with one vdir.
    func runVdirsyncer(_ command: String) throws(InterchangeError) -> [String: String] {
        guard let pair else { return [:] }
        let scratch = stateDirectory.appendingPathComponent("vdirsyncer-\(command).out").path
        let target = vdirsyncerOutput ?? scratch
        try makeStateDirectory()
        let start = SyncFiles.stamp(target)?.size ?? 0
        let status = try ProgramRun.run([program, command, pair], outputPath: target)
        let output = Self.tail(of: target, from: start)
        if vdirsyncerOutput == nil {
            _ = output.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            unlink(scratch)
        }
        let failed = Self.failedCollections(in: String(decoding: output, as: UTF8.self), pair: pair,
                                            folders: storage.subfolders())
        guard status == 0 || !failed.isEmpty else {
            let seeLog = vdirsyncerOutput.map { " (its output is in \($0))" } ?? ""
            throw InterchangeError(source: program, problem: "`\(program) \(command) \(pair)` failed with status \(status)\(seeLog)")
        }
        return failed
    }

    /// The collections among `folders` that an `error:` or `critical:` line of vdirsyncer's
    /// output names as `PAIR/FOLDER`, each with the first such line.
    static func failedCollections(in output: String, pair: String, folders: [String]) -> [String: String] {
        var failed: [String: String] = [:]
        let lines = output.split(whereSeparator: \.isNewline).map(String.init)
        let prefix = pair + "/"
        for line in lines where line.hasPrefix("error:") || line.hasPrefix("critical:") {
            // A word `PAIR/FOLDER`, maybe quoted or followed by a colon.
            for word in line.split(separator: " ") {
                let quotes: Set<Character> = ["\"", "'", ":", ","]
                let name = String(word.drop { quotes.contains($0) }.reversed().drop { quotes.contains($0) }.reversed())
                guard name.hasPrefix(prefix) else { continue }
                let folder = String(name.dropFirst(prefix.count))
                if folders.contains(folder), failed[folder] == nil { failed[folder] = "vdirsyncer: " + line }
            }
        }
        return failed
    }

    /// The bytes of the file at `path` from `offset` on (what one run appended).
    static func tail(of path: String, from offset: Int64) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { return [] }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    private func makeStateDirectory() throws(InterchangeError) {
        do {
            try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        } catch {
            throw InterchangeError(source: stateDirectory.path, problem: "cannot make the directory: \(error)")
        }
    }
}
