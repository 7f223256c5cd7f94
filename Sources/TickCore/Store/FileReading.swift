import FoundationEssentials
import Glibc

/// The outcome of reading a whole file with POSIX calls.
enum FileReadResult {
    case missing
    case bytes([UInt8])
    case failure(kind: StoreError.Kind, message: String)
}

/// Opens a regular file for reading, hands `body` its descriptor and size, and closes it.
/// A missing file is `missing`; anything else that goes wrong (a directory, permissions, an
/// I/O error) is `failure` with its kind and a message.
func withRegularFile<Outcome>(_ path: String, missing: Outcome, failure: (StoreError.Kind, String) -> Outcome,
                              _ body: (_ descriptor: Int32, _ size: Int) -> Outcome) -> Outcome {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
        let code = errno
        if code == ENOENT { return missing }
        return failure(code == EACCES ? .unreadable : .io, "cannot open: \(String(cString: strerror(code)))")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return failure(.io, "cannot stat: \(String(cString: strerror(errno)))") }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
        return failure(.unreadable, "not a regular file; tick will not overwrite it")
    }
    return body(fd, max(Int(info.st_size), 0))
}

/// Reads a whole regular file; a missing file is `.missing`, anything else that goes wrong
/// (a directory, permissions, an I/O error) is a failure with a message.
func readFile(_ path: String) -> FileReadResult {
    withRegularFile(path, missing: .missing, failure: { .failure(kind: $0, message: $1) }) { fd, size in
        // Read straight into the array's storage, without zero-filling it first; a file that
        // grows while it is read is read on to its end.
        var bytes: [UInt8] = []
        var failure: Int32?
        var reachedEnd = false
        var capacity = size + 1
        while !reachedEnd && failure == nil {
            let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                initialized = 0
                while initialized < buffer.count {
                    let count = read(fd, buffer.baseAddress.map { $0 + initialized }, buffer.count - initialized)
                    if count == 0 { reachedEnd = true; return }
                    if count < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    initialized += count
                }
            }
            if bytes.isEmpty { bytes = chunk } else { bytes.append(contentsOf: chunk) }
            capacity = max(capacity, 1 << 16)
        }
        if let failure {
            return .failure(kind: .io, message: "cannot read: \(String(cString: strerror(failure)))")
        }
        return .bytes(bytes)
    }
}

/// Writes every byte, retrying short writes and EINTR; false on an error (errno says which).
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    return bytes.withUnsafeBytes { buffer in
        while offset < buffer.count {
            let count = write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }
}

/// A list file's bytes: mapped when the file can be (``MappedFile``), else read into memory.
final class FileContents: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    private let mapped: MappedFile?
    private let owned: UnsafeMutableBufferPointer<UInt8>?

    init(mapped: MappedFile) {
        self.mapped = mapped
        owned = nil
        bytes = mapped.bytes
    }

    init(copying array: [UInt8]) {
        mapped = nil
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: array.count)
        _ = buffer.initialize(from: array)
        owned = buffer
        bytes = UnsafeBufferPointer(buffer)
    }

    deinit { owned?.deallocate() }

    /// Gives back the memory of byte ranges the decoder is done with (mapped files only).
    var discard: (@Sendable (Range<Int>) -> Void)? {
        guard let mapped else { return nil }
        return { range in mapped.discard(range) }
    }

    /// True when part of a mapped file could not be read (see ``MappedFile/wasCutShort``).
    var wasCutShort: Bool { mapped?.wasCutShort ?? false }

    /// The outcome of reading a list file.
    enum Result {
        case missing
        case contents(FileContents)
        case failure(kind: StoreError.Kind, message: String)
    }

    /// Maps a whole regular file, or reads it when it cannot be mapped (an empty file, a
    /// file system that does not map).
    static func read(_ path: String, populate: Bool = false) -> Result {
        switch MappedFile.map(path, populate: populate) {
        case .missing: return .missing
        case .mapped(let file): return .contents(FileContents(mapped: file))
        case let .failure(kind, message): return .failure(kind: kind, message: message)
        case .unmappable:
            switch readFile(path) {
            case .missing: return .missing
            case .bytes(let bytes): return .contents(FileContents(copying: bytes))
            case let .failure(kind, message): return .failure(kind: kind, message: message)
            }
        }
    }
}
