/// The 32-byte trailer that ends every `bplist00` file: the sizes and positions a reader
/// needs to find any object by its reference number.
public struct BinaryPropertyListTrailer: Sendable, Hashable {
    /// Bytes per entry of the offset table (1–8).
    public let offsetSize: Int
    /// Bytes per object reference inside containers (1–8).
    public let referenceSize: Int
    /// How many objects the offset table lists.
    public let objectCount: Int
    /// The reference number of the top object.
    public let topObject: Int
    /// Where the offset table starts; objects lie between the header and this offset.
    public let offsetTableStart: Int

    /// The magic bytes every binary property list starts with.
    static let magic: [UInt8] = Array("bplist00".utf8)
    static let headerSize = 8
    static let size = 32

    /// Reads and validates the trailer of a file of `count` bytes at `base`.
    init(_ base: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
        let count = base.count
        guard count >= Self.headerSize else {
            throw PropertyListError(.truncated, at: count, "the file is too short to be a binary property list (\(count) bytes)")
        }
        for index in 0..<Self.headerSize where base[index] != Self.magic[index] {
            throw PropertyListError(.unknownFormat, at: 0, "the file does not start with bplist00")
        }
        guard count >= Self.headerSize + Self.size + 1 else {
            throw PropertyListError(.truncated, at: count, "the file ends before its 32-byte trailer (\(count) bytes)")
        }
        let start = count - Self.size
        offsetSize = Int(base[start + 6])
        referenceSize = Int(base[start + 7])
        let objects = Self.readUInt64(base, start + 8)
        let top = Self.readUInt64(base, start + 16)
        let table = Self.readUInt64(base, start + 24)
        guard (1...8).contains(offsetSize) else {
            throw PropertyListError(.invalidTrailer, at: start + 6, "offset size \(offsetSize) is not 1–8")
        }
        guard (1...8).contains(referenceSize) else {
            throw PropertyListError(.invalidTrailer, at: start + 7, "reference size \(referenceSize) is not 1–8")
        }
        guard objects >= 1, objects <= UInt64(start) else {
            throw PropertyListError(.invalidTrailer, at: start + 8, "object count \(objects) cannot fit in the file")
        }
        guard top < objects else {
            throw PropertyListError(.invalidTrailer, at: start + 16, "top object \(top) is not below the object count \(objects)")
        }
        guard table >= UInt64(Self.headerSize + 1), table <= UInt64(start) else {
            throw PropertyListError(.invalidTrailer, at: start + 24, "offset table position \(table) is outside the file")
        }
        // Both are at most the file size now, so the products below cannot overflow.
        guard UInt64(start) - table >= objects * UInt64(offsetSize) else {
            throw PropertyListError(.invalidTrailer, at: start + 24, "an offset table of \(objects) entries of \(offsetSize) bytes does not fit before the trailer")
        }
        if (referenceSize < 8) && (objects > (UInt64(1) << (8 * UInt64(referenceSize)))) {
            throw PropertyListError(.invalidTrailer, at: start + 7, "\(objects) objects cannot be referenced with \(referenceSize)-byte references")
        }
        objectCount = Int(objects)
        topObject = Int(top)
        offsetTableStart = Int(table)
    }

    @inline(__always)
    static func readUInt64(_ base: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<offset + 8 { value = value << 8 | UInt64(base[index]) }
        return value
    }
}
