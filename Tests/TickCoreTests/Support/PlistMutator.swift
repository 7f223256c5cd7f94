/// Seeded, aimed mutations of a good binary property list: each mutant changes one to three
/// places, each in a region (``PlistLayout/Region``) picked evenly, so that the few bytes
/// of the offset table, the counts and the trailer get as many hits as the many bytes of
/// the strings. Beside random bytes it makes the changes a careless reader trips on: a
/// reference to another object (of another type) or just past the last, an offset moved by
/// a byte or pointed at another object, a marker of another type, a lone surrogate.
struct PlistMutator {
    let original: [UInt8]
    let layout: PlistLayout
    private var generator: SeededGenerator
    private let regions: [PlistLayout.Region]

    init(_ original: [UInt8], seed: UInt64) {
        self.original = original
        let layout = PlistLayout(original)
        self.layout = layout
        generator = SeededGenerator(seed: seed)
        regions = PlistLayout.Region.allCases.filter { !(layout.positions[$0] ?? []).isEmpty }
    }

    /// The next mutant and the region of its first change.
    mutating func next() -> (bytes: [UInt8], region: PlistLayout.Region) {
        var bytes = original
        let first = regions[below(regions.count)]
        mutate(&bytes, in: first)
        let extra = below(10) < 2 ? 1 + below(2) : 0
        for _ in 0..<extra { mutate(&bytes, in: regions[below(regions.count)]) }
        return (bytes, first)
    }

    private mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
    private mutating func byte() -> UInt8 { UInt8.random(in: 0...255, using: &generator) }

    private mutating func mutate(_ bytes: inout [UInt8], in region: PlistLayout.Region) {
        let places = layout.positions[region] ?? []
        let at = places[below(places.count)]
        switch (region, below(2)) {
        case (.marker, 0):
            // Another type with the same small count, or the same type with another count.
            let types: [UInt8] = [0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0x7, 0x8, 0x9, 0xA, 0xB, 0xC, 0xD, 0xE, 0xF]
            bytes[at] = below(2) == 0 ? types[below(types.count)] << 4 | bytes[at] & 0xF : bytes[at] & 0xF0 | UInt8(below(16))
        case (.count, 0):
            bytes[at] = [0, 1, 0x7F, 0x80, 0xFF, bytes[at] &+ 1, bytes[at] &- 1][below(7)]
        case (.reference, 0), (.uid, 0):
            let field = layout.referenceFields[below(layout.referenceFields.count)]
            // Any object, or one just past the last.
            let target = below(layout.objectOffsets.count + 3)
            write(target, into: &bytes, at: field.start, size: field.size)
        case (.offsetTable, 0):
            let entry = layout.offsetTableStart + (at - layout.offsetTableStart) / layout.offsetSize * layout.offsetSize
            let current = PlistLayout.number(bytes, at: entry, size: layout.offsetSize)
            let moved = [current + 1, current - 1, current + 2, layout.objectOffsets[below(layout.objectOffsets.count)]][below(4)]
            write(max(moved, 0), into: &bytes, at: entry, size: layout.offsetSize)
        case (.stringBody, 0) where !layout.utf16HighBytes.isEmpty:
            bytes[layout.utf16HighBytes[below(layout.utf16HighBytes.count)]] = 0xD8 + UInt8(below(8))
        case (.stringBody, 0):
            bytes[at] = 0x80 | byte()
        default:
            // A random byte, or one bit flipped.
            bytes[at] = below(2) == 0 ? byte() : bytes[at] ^ (1 << UInt8(below(8)))
        }
    }

    private func write(_ value: Int, into bytes: inout [UInt8], at start: Int, size: Int) {
        for index in 0..<size { bytes[start + index] = UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - index))) }
    }
}
