import Glibc

/// The one writer behind `tick list`, `list --json` and every export: bytes are appended to
/// a buffer that goes to a file descriptor in pieces of about 1 MiB, so that no per-item
/// `String` is built and a large list is never held in memory as text.
///
/// The buffer is memory the writer owns, written through a pointer after one capacity check
/// per append (an array checks uniqueness and capacity and calls a generic append each
/// time). Noncopyable, so that two writers never share it; used `inout`. Without a
/// descriptor it only collects (``bytes``), for tests and for callers that need the whole
/// output (a vdir's one file).
public struct ByteWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes have been appended and not yet written out.
    public private(set) var count = 0
    private let descriptor: Int32?
    /// Named in errors: `standard output`, a path.
    private let destination: String
    private static let flushThreshold = 1 << 20

    /// A writer to `descriptor` (not closed by the writer), named `destination` in errors.
    public init(descriptor: Int32, destination: String) {
        self.descriptor = descriptor
        self.destination = destination
        capacity = Self.flushThreshold + 4_096
        base = Self.resized(nil, to: capacity)
    }

    /// A writer that only collects its bytes, room for `capacity` of them made at once.
    public init(capacity: Int = 256) {
        descriptor = nil
        destination = "memory"
        self.capacity = max(capacity, 16)
        base = Self.resized(nil, to: self.capacity)
    }

    deinit { free(base) }

    /// What has been appended and not yet written out, copied.
    public var bytes: [UInt8] { withBytes { Array($0) } }

    /// The collected bytes as text.
    public var text: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with what has been appended and not yet written out.
    public func withBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Room for `more` bytes after the ones appended.
    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(to: count + more) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        let larger = max(needed, capacity * 2)
        base = Self.resized(base, to: larger)
        capacity = larger
    }

    /// `realloc`: a large buffer (a mapping of its own) grows by `mremap`, its pages moved
    /// rather than copied into new memory (`tick list` collects megabytes of lines). Runs
    /// out of memory the way Swift's own allocation does: it stops the program.
    private static func resized(_ buffer: UnsafeMutablePointer<UInt8>?, to size: Int) -> UnsafeMutablePointer<UInt8> {
        guard let raw = realloc(buffer, size) else { preconditionFailure("out of memory for \(size) bytes of output") }
        return raw.bindMemory(to: UInt8.self, capacity: size)
    }

    /// Lets `body` write at most `limit` bytes at the end; it returns how many it wrote.
    @inline(__always)
    public mutating func appendDirectly(upTo limit: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(limit)
        let written = body(base + count)
        precondition(written >= 0 && written <= limit)
        count += written
    }

    @inline(__always)
    public mutating func byte(_ value: UInt8) {
        reserve(1)
        base[count] = value
        count += 1
    }

    /// Appends bytes as they are.
    @inline(__always)
    public mutating func append(_ more: UnsafeBufferPointer<UInt8>) {
        guard let start = more.baseAddress, !more.isEmpty else { return }
        reserve(more.count)
        (base + count).initialize(from: start, count: more.count)
        count += more.count
    }

    @inline(__always)
    public mutating func ascii(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends a string's UTF-8 as it is.
    @inline(__always)
    public mutating func text(_ text: String) {
        text.withUTF8Bytes { append($0) }
    }

    /// Appends bytes as they are.
    public mutating func append<Bytes: Sequence<UInt8>>(contentsOf more: Bytes) {
        let done: Void? = more.withContiguousStorageIfAvailable { append($0) }
        if done == nil { for value in more { byte(value) } }
    }

    /// Appends the bytes `range` of what `other` holds.
    public mutating func append(_ other: borrowing ByteWriter, range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= other.count)
        other.withBytes { append(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Removes the bytes appended after the first `count` (a line being written again).
    public mutating func removeBytes(after count: Int) {
        precondition(count >= 0 && count <= self.count)
        self.count = count
    }

    /// Removes the spaces at the end, not before byte `start`; returns how many it removed.
    public mutating func removeTrailingSpaces(from start: Int) -> Int {
        var removed = 0
        while count > start, base[count - 1] == UInt8(ascii: " ") {
            count -= 1
            removed += 1
        }
        return removed
    }

    /// Appends an integer in decimal.
    public mutating func integer(_ value: Int64) {
        appendDirectly(upTo: 20) { out in
            var magnitude = value.magnitude
            var length = 0
            repeat { length += 1; magnitude /= 10 } while magnitude > 0
            if value < 0 { out[0] = UInt8(ascii: "-"); length += 1 }
            magnitude = value.magnitude
            var index = length
            repeat {
                index -= 1
                out[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            return length
        }
    }

    /// Appends `value` in decimal with at least `width` digits (leading zeros).
    public mutating func padded(_ value: Int, width: Int) {
        if value >= 0, width == 2, value < 100 {
            appendDirectly(upTo: 2) { out in
                out[0] = UInt8(ascii: "0") + UInt8(value / 10)
                out[1] = UInt8(ascii: "0") + UInt8(value % 10)
                return 2
            }
            return
        }
        if value < 0 { byte(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var digits = 1
        var limit: UInt = 10
        while magnitude >= limit, digits < 19 { digits += 1; limit &*= 10 }
        for _ in digits..<max(width, digits) { byte(UInt8(ascii: "0")) }
        integer(Int64(magnitude))
    }

    /// Writes out what has been collected when it is over the threshold.
    @inline(__always)
    public mutating func flushIfFull() throws(InterchangeError) {
        if count >= Self.flushThreshold { try flush() }
    }

    /// Writes out everything collected (nothing for a collecting writer).
    public mutating func flush() throws(InterchangeError) {
        guard descriptor != nil, count > 0 else { return }
        try writeOut(UnsafeBufferPointer(start: base, count: count))
        count = 0
    }

    /// Writes out what is collected, then `more` as it is, without copying it into the
    /// buffer; a collecting writer appends it.
    public mutating func flush(appending more: UnsafeBufferPointer<UInt8>) throws(InterchangeError) {
        guard descriptor != nil else { return append(more) }
        try flush()
        try writeOut(more)
    }

    private func writeOut(_ data: UnsafeBufferPointer<UInt8>) throws(InterchangeError) {
        guard let descriptor, let start = data.baseAddress else { return }
        var offset = 0
        while offset < data.count {
            let written = write(descriptor, start + offset, data.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw InterchangeError(source: destination, problem: "cannot write: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}
