import Glibc

extension ToDoStore {
    /// Writes `list` over the file as a save does (lock, encode, temporary file, fsync,
    /// rename, directory fsync), without reading the file first. Only for the benchmark,
    /// which measures the write path alone; everything else changes the file through
    /// ``apply(_:)`` or ``modify(_:)``, which refuse to overwrite an unreadable file.
    @_spi(Benchmark)
    public func save(_ list: ToDoList) throws(StoreError) {
        try file.createDirectory()
        let target = file.resolved()
        let lock = try file.lock(target)
        defer { close(lock) }
        try write(list, to: target)
    }
}
