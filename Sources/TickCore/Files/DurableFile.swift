import CTickShims
import FoundationEssentials
import Glibc

/// The one path by which tick puts a file on disk: the list store, the undo journal, the
/// app's view memory, export (a file or a vdir) and sync (vdir files and sync's state) all
/// write through it, so they all follow one set of rules (docs/architecture.md, "One path
/// to disk"):
///
/// - A file is replaced whole: written to a hidden temporary file beside it
///   (`.<name>.tmp-<pid>-<random>`), fsynced, renamed over it; a crash leaves the old file
///   or the new one, never a part.
/// - An existing file keeps its mode and owner; a new one gets the mode the caller states.
/// - The directory is fsynced after the renames. An error there is an error (only EINVAL,
///   a file system that cannot sync a directory, is accepted): the data was written but
///   may not survive a crash, and the caller is told so.
/// - A writer holds `flock` on its temporary file while it exists; temporary files nobody
///   holds any more (a writer was killed) are removed by the next write there
///   (``TemporaryFiles``).
/// - Reading opens without blocking and reads only a regular file: a FIFO or a device is
///   refused at once rather than waited on.
///
/// A batch of files in one directory (``Batch``) is written with one flush of the file
/// system for all of them, then renamed one by one, then the directory fsynced once.
public enum DurableFile {
    /// Replaces (or creates) `path` with `bytes`. Symbolic links of the last component are
    /// followed; the directory is made (0700) when missing; a new file gets `newMode`.
    public static func write(_ bytes: [UInt8], to path: String, newMode: mode_t = 0o600) throws(StoreError) {
        let file = ListFile(path: path)
        try file.createDirectory()
        let resolved = file.resolved()
        try file.refuseUnwritable(resolved)
        try replace(resolved.path, reportingAs: path, newMode: newMode, beforeRename: nil) { sink in
            bytes.withUnsafeBufferPointer { sink.write($0) }
        }
    }

    /// Makes the directory `path` is in (0700) when it is missing, as ``write(_:to:newMode:)``
    /// does before it writes.
    public static func makeDirectory(for path: String) throws(StoreError) {
        try ListFile(path: path).createDirectory()
    }

    /// Replaces `target` with what `contents` writes; errors name `reportingAs`. The test
    /// hook `beforeRename` runs once the temporary file is synced.
    static func replace(
        _ target: String, reportingAs path: String, newMode: mode_t,
        beforeRename: ((String) throws -> Void)?, contents: (inout DescriptorSink) -> Void
    ) throws(StoreError) {
        TemporaryFiles.removeStale(of: target)
        let replacement = try Replacement(target, reportingAs: path, newMode: newMode)
        var sink = DescriptorSink(fd: replacement.descriptor)
        contents(&sink)
        if let code = sink.failure { throw replacement.failure("cannot write the temporary file \(replacement.temporary)", code: code) }
        try replacement.commit(beforeRename: beforeRename)
    }

    /// The whole regular file at `path`, nil when it does not exist; errors name
    /// `reportingAs` (the path as the user gave it). A file larger than `limit` bytes is refused.
    public static func read(_ path: String, reportingAs name: String? = nil, limit: Int? = nil) throws(StoreError) -> [UInt8]? {
        try FileReading.read(path, reportingAs: name ?? path, limit: limit)
    }

    /// Makes the renames and removals in `directory` durable. Only EINVAL (a file system
    /// that cannot sync a directory) is accepted; any other failure, also of opening the
    /// directory, is an error naming it.
    public static func syncDirectory(_ directory: String) throws(StoreError) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw systemFailure(directory, "written, but cannot open the directory \(directory) to sync it") }
        defer { close(fd) }
        if fsync(fd) != 0 && errno != EINVAL { throw systemFailure(directory, "written, but cannot sync the directory \(directory)") }
    }

    /// Writes the data of every file written to `directory`'s file system to disk: one flush
    /// for a batch of temporary files instead of one each (100 files: 0.9 s → a few ms).
    static func syncFileSystem(of directory: String) throws(StoreError) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw systemFailure(directory, "cannot open the directory") }
        defer { close(fd) }
        guard tick_sync_filesystem(fd) == 0 else { throw systemFailure(directory, "cannot sync") }
    }

    /// An error naming `path`, what failed and the text of `code` (`errno` unless given).
    static func systemFailure(_ path: String, _ what: String, kind: StoreError.Kind = .io, code: Int32 = errno) -> StoreError {
        StoreError(kind: kind, path: path, problem: "\(what): \(String(cString: strerror(code)))")
    }
}

extension DurableFile {
    /// Replaces `path` (symbolic links of the last component followed; the link stays) with
    /// what `body` writes to the descriptor it is given; a new file gets `newMode`. When
    /// `body` throws, its error is rethrown and the file stays as it was.
    public static func replace<T, Failure: Error>(_ path: String, newMode: mode_t, _ body: (Int32) throws(Failure) -> T) throws -> T {
        let target = ListFile(path: path).resolved().path
        TemporaryFiles.removeStale(of: target)
        let replacement = try Replacement(target, reportingAs: path, newMode: newMode)
        let result = try body(replacement.descriptor)
        try replacement.commit(beforeRename: nil)
        return result
    }
}
