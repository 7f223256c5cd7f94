/// Builds binary property lists byte by byte, so that tests can write what no correct
/// writer would: bad offsets and references, cycles, huge counts, deep nesting.
struct HandBuiltPlist {
    /// The encoded objects, in reference order.
    var objects: [[UInt8]] = []
    var top = 0
    var offsetSize = 0
    var referenceSize = 0

    /// Appends an object's bytes; returns its reference number.
    @discardableResult
    mutating func add(_ bytes: [UInt8]) -> Int {
        objects.append(bytes)
        return objects.count - 1
    }

    /// The smallest size in bytes that holds a value.
    static func width(_ value: Int) -> Int {
        switch value {
        case ..<0x100: 1
        case ..<0x1_0000: 2
        case ..<0x1_0000_0000: 4
        default: 8
        }
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
    }

    /// A marker with a count, using the 0xF extension (an integer object) for counts ≥ 15.
    static func header(_ type: UInt8, count: UInt64) -> [UInt8] {
        if count < 15 { return [type << 4 | UInt8(count)] }
        let size = width(count > UInt64(Int.max) ? Int.max : Int(count))
        let sizeCode: UInt8 = switch size { case 1: 0; case 2: 1; case 4: 2; default: 3 }
        return [type << 4 | 0xF, 0x10 | sizeCode] + bigEndian(count, size: size)
    }

    /// An array object referring to other objects (with `referenceSize`, or 2 bytes if unset).
    func array(_ references: [Int], referenceSize: Int? = nil) -> [UInt8] {
        let size = referenceSize ?? max(self.referenceSize, 2)
        return Self.header(0xA, count: UInt64(references.count)) + references.flatMap { Self.bigEndian(UInt64($0), size: size) }
    }

    static func asciiString(_ text: String) -> [UInt8] {
        header(0x5, count: UInt64(text.utf8.count)) + Array(text.utf8)
    }

    static func utf16String(_ units: [UInt16]) -> [UInt8] {
        header(0x6, count: UInt64(units.count)) + units.flatMap { bigEndian(UInt64($0), size: 2) }
    }

    /// The whole file. Sizes left at 0 are the smallest that fit; `trailerOverride` may
    /// replace the trailer's numbers to make them lie.
    func bytes(
        objectCount: UInt64? = nil, topObject: UInt64? = nil, offsetTableStart: UInt64? = nil,
        offsetOverrides: [Int: UInt64] = [:]
    ) -> [UInt8] {
        var file = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(file.count)
            file += object
        }
        let tableStart = file.count
        let offsetSize = self.offsetSize > 0 ? self.offsetSize : Self.width(tableStart)
        let referenceSize = self.referenceSize > 0 ? self.referenceSize : max(Self.width(objects.count), 2)
        for (index, offset) in offsets.enumerated() {
            file += Self.bigEndian(offsetOverrides[index] ?? UInt64(offset), size: offsetSize)
        }
        file += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        file += Self.bigEndian(objectCount ?? UInt64(objects.count), size: 8)
        file += Self.bigEndian(topObject ?? UInt64(top), size: 8)
        file += Self.bigEndian(offsetTableStart ?? UInt64(tableStart), size: 8)
        return file
    }
}

/// A small deterministic random number generator (SplitMix64), so that a sweep of
/// mutations is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
