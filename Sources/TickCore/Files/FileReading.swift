import Glibc

/// Reading a whole file for ``DurableFile/read(_:reportingAs:limit:)``: opened without
/// blocking, refused unless it is a regular file, read with `read()` into memory sized by
/// `fstat`.
enum FileReading {
    static func read(_ path: String, reportingAs name: String, limit: Int?) throws(StoreError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw DurableFile.systemFailure(name, "cannot open", kind: errno == EACCES ? .unreadable : .io)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw DurableFile.systemFailure(name, "cannot stat") }
        try requireRegularFile(info, name)
        if let limit, info.st_size > limit { throw tooLarge(name, limit) }
        // Sized by fstat (one byte more, to see the end at once), read on in case the file
        // grew meanwhile. Read into uninitialized memory: zeroing 24 MiB first would
        // touch every page twice.
        var capacity = max(Int(info.st_size), 0) + 1
        var bytes: [UInt8] = []
        while true {
            let before = bytes.count
            var failure: Int32 = 0
            let more = [UInt8](unsafeUninitializedCapacity: capacity - before) { buffer, count in
                guard let start = buffer.baseAddress else { return }
                HeapMemory.preferHugePages(UnsafeMutableRawBufferPointer(buffer))
                while count < buffer.count {
                    let got = Glibc.read(fd, start + count, buffer.count - count)
                    if got == 0 { break }
                    if got < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        break
                    }
                    count += got
                }
            }
            if failure != 0 { throw DurableFile.systemFailure(name, "cannot read", code: failure) }
            if before == 0 { bytes = more } else { bytes.append(contentsOf: more) }
            if let limit, bytes.count > limit { throw tooLarge(name, limit) }
            if bytes.count < capacity { return bytes }
            capacity = bytes.count * 2
        }
    }

    /// Refuses what is not a regular file (a directory, a FIFO, a device, a socket).
    static func requireRegularFile(_ info: stat, _ name: String) throws(StoreError) {
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw StoreError(kind: .unreadable, path: name, problem: "not a regular file; tick will not read or replace it")
        }
    }

    private static func tooLarge(_ name: String, _ limit: Int) -> StoreError {
        StoreError(kind: .unreadable, path: name, problem: "larger than \(limit >> 20) MiB; tick will not read it")
    }
}
