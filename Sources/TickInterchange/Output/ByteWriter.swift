import Glibc

/// The one writer behind `list --json` and every export: bytes are appended to a buffer
/// that goes to a file descriptor in pieces of about 1 MiB, so that no per-item `String`
/// is built and a large list is never held in memory as text.
///
/// A struct used `inout` (a class's stored array costs a dynamic exclusivity check per
/// append). Without a descriptor it only collects (``bytes``), for tests and for callers that need
/// the whole output (a vdir's one file).
public struct ByteWriter {
    /// What has been appended and not yet written out.
    public internal(set) var bytes: [UInt8] = []
    private let descriptor: Int32?
    /// Named in errors: `standard output`, a path.
    private let destination: String
    private static let flushThreshold = 1 << 20

    /// A writer to `descriptor` (not closed by the writer), named `destination` in errors.
    public init(descriptor: Int32, destination: String) {
        self.descriptor = descriptor
        self.destination = destination
        bytes.reserveCapacity(Self.flushThreshold + 4_096)
    }

    /// A writer that only collects its bytes.
    public init() {
        descriptor = nil
        destination = "memory"
    }

    /// The collected bytes as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    @inline(__always)
    public mutating func byte(_ value: UInt8) { bytes.append(value) }

    @inline(__always)
    public mutating func ascii(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends a string's UTF-8 as it is.
    @inline(__always)
    public mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends bytes as they are.
    @inline(__always)
    public mutating func append<Bytes: Sequence<UInt8>>(contentsOf more: Bytes) { bytes.append(contentsOf: more) }

    /// Removes the bytes appended after the first `count` (a line being written again).
    public mutating func removeBytes(after count: Int) { bytes.removeSubrange(count...) }

    /// Removes the spaces at the end, not before byte `start`; returns how many it removed.
    public mutating func removeTrailingSpaces(from start: Int) -> Int {
        var removed = 0
        while bytes.count > start, bytes.last == UInt8(ascii: " ") {
            bytes.removeLast()
            removed += 1
        }
        return removed
    }

    /// Appends an integer in decimal.
    public mutating func integer(_ value: Int64) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes: 20 digits fit
        withUnsafeMutableBytes(of: &scratch) { digits in
            var index = digits.count
            repeat {
                index -= 1
                digits[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: digits[index...])
        }
    }

    /// Appends `value` in decimal with at least `width` digits (leading zeros).
    public mutating func padded(_ value: Int, width: Int) {
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
        if bytes.count >= Self.flushThreshold { try flush() }
    }

    /// Writes out everything collected (nothing for a collecting writer).
    public mutating func flush() throws(InterchangeError) {
        guard descriptor != nil, !bytes.isEmpty else { return }
        try writeOut(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Writes out what is collected, then `more` as it is, without copying it into the
    /// buffer (an encoder's whole output); a collecting writer appends it.
    public mutating func flush(appending more: [UInt8]) throws(InterchangeError) {
        guard descriptor != nil else { return bytes.append(contentsOf: more) }
        try flush()
        try writeOut(more)
    }

    private func writeOut(_ data: [UInt8]) throws(InterchangeError) {
        guard let descriptor else { return }
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure != 0 {
            throw InterchangeError(source: destination, problem: "cannot write: \(String(cString: strerror(failure)))")
        }
    }
}
