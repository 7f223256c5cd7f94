/// Where each kind of byte lies in a binary property list known to be good (one tick
/// wrote): markers, counts, references, string bodies, the offset table. ``PlistMutator``
/// aims its mutations with it. It reads the format on its own, not with tick's reader, so
/// that a mistake in that reader cannot hide the bytes it gets wrong.
struct PlistLayout {
    /// The kinds of bytes a mutation can land in.
    enum Region: CaseIterable {
        /// An object's marker byte (type and small count).
        case marker
        /// The integer after a marker whose count is 15 or more.
        case count
        /// A container's object references.
        case reference
        /// A keyed archive's UIDs (its references between objects).
        case uid
        /// The text of an ASCII or UTF-16 string.
        case stringBody
        /// Integers, reals, dates and data.
        case scalar
        case offsetTable
        /// The trailer's sizes, object count, top object and table start.
        case trailer
    }

    /// The byte positions of each region.
    private(set) var positions: [Region: [Int]] = [:]
    /// Where each container reference and each UID starts, and its size in bytes.
    private(set) var referenceFields: [(start: Int, size: Int)] = []
    /// The first (high) byte of every UTF-16 unit: where a surrogate can be planted.
    private(set) var utf16HighBytes: [Int] = []
    /// Each object's offset, by reference number.
    let objectOffsets: [Int]
    let offsetSize: Int
    let offsetTableStart: Int
    private let referenceSize: Int

    /// The layout of `bytes`, which must be a well-formed binary property list.
    init(_ bytes: [UInt8]) {
        let end = bytes.count - 32
        let offsetSize = Int(bytes[end + 6])
        let objectCount = Self.number(bytes, at: end + 8, size: 8)
        let table = Self.number(bytes, at: end + 24, size: 8)
        objectOffsets = (0..<objectCount).map { Self.number(bytes, at: table + $0 * offsetSize, size: offsetSize) }
        self.offsetSize = offsetSize
        offsetTableStart = table
        referenceSize = Int(bytes[end + 7])
        positions[.offsetTable] = Array(table..<end)
        positions[.trailer] = Array((end + 6)..<bytes.count)
        for offset in objectOffsets { add(object: offset, in: bytes) }
    }

    /// Files every byte of the object at `offset` under its region.
    private mutating func add(object offset: Int, in bytes: [UInt8]) {
        let marker = bytes[offset]
        let type = marker >> 4
        var body = offset + 1
        positions[.marker, default: []].append(offset)
        var count = Int(marker & 0xF)
        if [0x4, 0x5, 0x6, 0xA, 0xC, 0xD].contains(type), count == 0xF {
            let size = 1 << Int(bytes[body] & 0xF)
            count = Self.number(bytes, at: body + 1, size: size)
            positions[.count, default: []] += Array(body..<(body + 1 + size))
            body += 1 + size
        }
        let (region, length): (Region, Int) = switch type {
        case 0x1, 0x2: (.scalar, 1 << count)
        case 0x3: (.scalar, 8)
        case 0x4: (.scalar, count)
        case 0x5: (.stringBody, count)
        case 0x6: (.stringBody, 2 * count)
        case 0x8: (.uid, count + 1)
        case 0xA, 0xC: (.reference, count * referenceSize)
        case 0xD: (.reference, 2 * count * referenceSize)
        default: (.scalar, 0)
        }
        positions[region, default: []] += Array(body..<(body + length))
        switch region {
        case .uid: referenceFields.append((body, length))
        case .reference: referenceFields += stride(from: body, to: body + length, by: referenceSize).map { ($0, referenceSize) }
        case .stringBody where type == 0x6: utf16HighBytes += Array(stride(from: body, to: body + length, by: 2))
        default: break
        }
    }

    /// The big-endian unsigned number of `size` bytes at `start`.
    static func number(_ bytes: [UInt8], at start: Int, size: Int) -> Int {
        bytes[start..<(start + size)].reduce(0) { $0 << 8 | Int($1) }
    }
}
