import FoundationEssentials
import Glibc

extension DurableFile {
    /// Several files of one directory replaced together (a vdir's items): each written to
    /// its temporary file, one flush of the file system for all of them (``flush()``), then
    /// renamed into place one by one (``placeNext()``), then the directory fsynced once
    /// (``finish()``). A crash at any moment leaves each file whole, old or new.
    ///
    /// The batch holds `flock` on the directory itself while it lives: its temporary files
    /// are closed once written (a vdir of 10,000 items would otherwise need as many open
    /// descriptors), and the directory's lock keeps another batch's clean-up off them. That
    /// clean-up, when the batch starts, removes every temporary file of the directory that
    /// no writer holds: those a killed export or sync left behind.
    public final class Batch {
        public let directory: String
        private let newMode: mode_t
        private let lock: Int32
        private var pending: [Replacement] = []
        private var placed = 0

        /// Starts a batch in `directory` (which must exist); new files get `newMode`.
        public init(directory: String, newMode: mode_t) throws(StoreError) {
            self.directory = directory
            self.newMode = newMode
            lock = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard lock >= 0 else { throw DurableFile.systemFailure(directory, "cannot open the directory") }
            while flock(lock, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let error = DurableFile.systemFailure(directory, "cannot lock the directory")
                    close(lock)
                    throw error
                }
            }
            TemporaryFiles.removeUnheld(in: directory)
        }

        deinit { close(lock) }

        /// The path of `name` in the directory.
        public func path(of name: String) -> String {
            directory.hasSuffix("/") ? directory + name : directory + "/" + name
        }

        /// Writes `bytes` to the temporary file of `name` (not yet synced).
        public func add(_ bytes: [UInt8], as name: String) throws(StoreError) {
            let target = path(of: name)
            let replacement = try Replacement(target, reportingAs: target, newMode: newMode)
            var sink = DescriptorSink(fd: replacement.descriptor)
            bytes.withUnsafeBufferPointer { sink.write($0) }
            if let code = sink.failure { throw replacement.failure("cannot write the temporary file \(replacement.temporary)", code: code) }
            replacement.close()
            pending.append(replacement)
        }

        /// Puts the data of every file added on disk, with one flush of the file system.
        public func flush() throws(StoreError) {
            guard !pending.isEmpty else { return }
            try DurableFile.syncFileSystem(of: directory)
        }

        /// Renames the next file added (in the order added) into place and returns its name;
        /// nil when every one is placed.
        public func placeNext() throws(StoreError) -> String? {
            guard placed < pending.count else { return nil }
            let next = pending[placed]
            try next.place()
            placed += 1
            return lastComponent(of: next.target)
        }

        /// Removes `name` from the directory (gone already is fine).
        public func remove(_ name: String) throws(StoreError) {
            let target = path(of: name)
            guard unlink(target) == 0 || errno == ENOENT else { throw DurableFile.systemFailure(target, "cannot remove") }
        }

        /// Makes the renames and removals durable (``DurableFile/syncDirectory(_:)``).
        public func finish() throws(StoreError) {
            try DurableFile.syncDirectory(directory)
        }
    }
}
