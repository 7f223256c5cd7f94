import FoundationEssentials
import Glibc

extension DurableFile {
    /// A hidden temporary file beside `target` that is written and then renamed over it:
    /// made with the old file's mode and owner (`newMode` for a new file), held with `flock`
    /// while it exists, removed again when it is dropped before ``place()``.
    final class Replacement {
        /// The file replaced.
        let target: String
        /// The path errors name (the path as the user gave it).
        let reportedPath: String
        let temporary: String
        let descriptor: Int32
        private var isOpen = true
        private var isPlaced = false

        init(_ target: String, reportingAs path: String, newMode: mode_t) throws(StoreError) {
            self.target = target
            reportedPath = path
            var old = stat()
            let exists = stat(target, &old) == 0
            if exists { try FileReading.requireRegularFile(old, path) }
            // Another writer's clean-up may take the new file for left behind between its open
            // and its flock (it removes what it can lock): then the name is gone, and a new one is made.
            var name = "", fd: Int32 = -1
            for _ in 0..<8 where fd < 0 {
                name = TemporaryFiles.newName(for: target)
                fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                guard fd >= 0 else {
                    throw DurableFile.systemFailure(path, "cannot create a temporary file in \(parentDirectory(of: target))")
                }
                // (Where flock fails, no clean-up can lock the file to remove it either.)
                while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
                var held = stat(), named = stat()
                if fstat(fd, &held) != 0 || lstat(name, &named) != 0 || held.st_dev != named.st_dev || held.st_ino != named.st_ino {
                    Glibc.close(fd)
                    fd = -1
                }
            }
            guard fd >= 0 else { throw StoreError(kind: .io, path: path, problem: "its temporary file was removed while being made") }
            temporary = name
            descriptor = fd
            // The owner first: chown clears set-id bits, which the mode then restores. Only
            // root may give a file away; anyone else's write makes the file theirs.
            if exists, old.st_uid != geteuid() || old.st_gid != getegid() { _ = fchown(fd, old.st_uid, old.st_gid) }
            guard fchmod(fd, exists ? old.st_mode & 0o7777 : newMode) == 0 else {
                throw failure("cannot set the mode of \(temporary)")
            }
        }

        deinit {
            if isOpen { Glibc.close(descriptor) }
            if !isPlaced { unlink(temporary) }
        }

        /// An error naming the reported path, what failed and the text of `code`.
        func failure(_ what: String, code: Int32 = errno) -> StoreError {
            DurableFile.systemFailure(reportedPath, what, code: code)
        }

        /// Writes the temporary file's data to disk.
        func sync() throws(StoreError) {
            guard fsync(descriptor) == 0 else { throw failure("cannot sync the temporary file \(temporary)") }
        }

        /// Closes the temporary file (its lock goes with it); the data is on disk once synced.
        func close() {
            guard isOpen else { return }
            isOpen = false
            // (After the fsync, or before the batch's flush, a failing close has nothing to report.)
            _ = Glibc.close(descriptor)
        }

        /// Renames the temporary file over the target.
        func place() throws(StoreError) {
            guard rename(temporary, target) == 0 else { throw failure("cannot rename the new file into place") }
            isPlaced = true
        }

        /// Syncs, renames (held until it has its place, so that no clean-up takes it), closes
        /// and syncs the directory. `beforeRename` is a test hook.
        func commit(beforeRename: ((String) throws -> Void)?) throws(StoreError) {
            try sync()
            if let beforeRename {
                do {
                    try beforeRename(temporary)
                } catch {
                    throw StoreError(kind: .io, path: reportedPath, problem: "save interrupted: \(error)")
                }
            }
            try place()
            close()
            do {
                try DurableFile.syncDirectory(parentDirectory(of: target))
            } catch {
                throw StoreError(kind: .io, path: reportedPath, problem: error.problem)
            }
        }
    }
}
