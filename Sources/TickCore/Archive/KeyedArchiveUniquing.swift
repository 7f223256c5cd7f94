import Glibc
import Synchronization

/// The uniquing pass of ``KeyedArchiveDirectEncoder``: gives every value a list's items put
/// in an archive an ordinal, equal values the same one, and hands the ordinals over in the
/// order the encoder asks for them. Per item, each when present: due date, creation date,
/// title, notes, latitude, longitude, location name. A string's answer also says whether it
/// is all ASCII (``UniquingAnswers/asciiFlag``), which the pass sees as it hashes.
///
/// The archive's own strings (keys, class names) are ordinals `0..<FixedText.count`, so a
/// title equal to one of them shares its object. Values are compared by their bytes (UTF-8
/// for strings, bit patterns for dates and coordinates), as the general encoder compares
/// what it has written: "café" in its two spellings stays two strings.
///
/// It runs on a thread of its own while the encoder writes (or first, for small lists): the
/// hashing and the uniquing table's probes, about 40% of a large list's encoding, move off
/// the writing thread.
struct KeyedArchiveUniquing: ~Copyable {
    private let sections: (UnsafeBufferPointer<ToDoItem>, UnsafeBufferPointer<ToDoItem>)
    private var table: UniqueTable
    /// Where an earlier short string is lent to be compared (the candidate has its own).
    private let storedScratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)

    /// A pass over the sections' items, with room for `capacity` distinct values.
    init(sections: (UnsafeBufferPointer<ToDoItem>, UnsafeBufferPointer<ToDoItem>), capacity: Int) {
        self.sections = sections
        table = UniqueTable(capacity: capacity + FixedText.count)
        for index in 0..<FixedText.count {
            guard let text = FixedText(rawValue: index) else { continue }
            let utf8 = text.utf8
            let ordinal = ordinal(hash: UniquingHash.string(utf8), .utf8(utf8), Locator(.fixed, index))
            assert(ordinal == index, "the fixed strings are distinct")
        }
    }

    deinit {
        table.deallocate()
        storedScratch.deallocate()
    }

    /// Puts every item's ordinals into `answers`; false when the reader abandoned them, or
    /// at a string whose UTF-8 cannot be lent (then the reader runs out of ordinals).
    consuming func run(into answers: consuming UniquingAnswers.Writer) -> Bool {
        defer { answers.finish() }
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)
        defer { scratch.deallocate() }
        for section in 0..<2 {
            let items = section == 0 ? sections.0 : sections.1
            guard let base = items.baseAddress else { continue }
            for index in items.indices {
                let item = base + index
                let payload = Locator.itemPayload(section: section, index: index)
                if let due = item.pointee.due {
                    guard answers.put(real(due.timeIntervalSince1970, Locator(.due, payload))) else { return false }
                }
                guard answers.put(real(item.pointee.createdAt.timeIntervalSince1970, Locator(.createdAt, payload))),
                      let title = ToDoItem.lentTitle(item, scratch: scratch),
                      answers.put(ordinal(utf8: title, Locator(.title, payload)))
                else { return false }
                if item.pointee.notes != nil {
                    guard let notes = ToDoItem.lentNotes(item, scratch: scratch),
                          answers.put(ordinal(utf8: notes, Locator(.notes, payload)))
                    else { return false }
                }
                if ToDoItem.hasLocation(item) {
                    guard let location = ToDoItem.lentLocation(item, scratch: scratch) else { return false }
                    if let coordinate = location.coordinate {
                        guard answers.put(real(coordinate.latitude, Locator(.latitude, payload))),
                              answers.put(real(coordinate.longitude, Locator(.longitude, payload)))
                        else { return false }
                    }
                    guard answers.put(ordinal(utf8: location.name, Locator(.locationName, payload))) else { return false }
                }
                if index & 15 == 15 { answers.publishAndHelp() }
            }
        }
        return true
    }

    @inline(__always)
    private mutating func real(_ value: Double, _ locator: Locator) -> UInt32 {
        let bits = value.bitPattern
        return ordinal(hash: UniquingHash.hashNine(marker: 0x23, bits), .real(bits), locator)
    }

    @inline(__always)
    private mutating func ordinal(utf8: UnsafeBufferPointer<UInt8>, _ locator: Locator) -> UInt32 {
        let (hash, ascii) = UniquingHash.stringAndASCII(utf8)
        return ordinal(hash: hash, .utf8(utf8), locator) | (ascii ? UInt32(UniquingAnswers.asciiFlag) : 0)
    }

    /// The ordinal of an equal value seen before, or a new one.
    @inline(__always)
    private mutating func ordinal(hash: UInt64, _ candidate: Candidate, _ locator: Locator) -> UInt32 {
        let tag = UniqueTable.tag(hash)
        var index = table.firstSlot(hash)
        while true {
            let slot = table.slots[index]
            if slot == 0 { break }
            if slot & UniqueTable.tagMask == tag {
                let ordinal = (slot & ~UniqueTable.tagMask) - 1
                if equal(Locator(bits: table.locators[Int(ordinal)]), candidate) { return ordinal }
            }
            index += 1
            if index == table.slotCount { index = 0 }
        }
        return table.insert(at: index, tag: tag, locator: locator)
    }

    /// Whether the value an earlier ordinal was made from equals `candidate`, byte for byte.
    private func equal(_ stored: Locator, _ candidate: Candidate) -> Bool {
        guard let kind = stored.kind else { return false }
        switch candidate {
        case .real(let bits):
            return storedReal(kind, stored)?.bitPattern == bits
        case .utf8(let bytes):
            return withStoredUTF8(kind, stored) { storedBytes in
                guard storedBytes.count == bytes.count else { return false }
                guard let stored = storedBytes.baseAddress, let offered = bytes.baseAddress else { return true }
                return memcmp(stored, offered, bytes.count) == 0
            } ?? false
        }
    }

    private func item(_ locator: Locator) -> UnsafePointer<ToDoItem>? {
        let items = locator.section == 0 ? sections.0 : sections.1
        guard let base = items.baseAddress, locator.index < items.count else { return nil }
        return base + locator.index
    }

    private func storedReal(_ kind: Locator.Kind, _ locator: Locator) -> Double? {
        switch kind {
        case .createdAt: item(locator)?.pointee.createdAt.timeIntervalSince1970
        case .due: item(locator)?.pointee.due?.timeIntervalSince1970
        case .latitude: item(locator).flatMap(ToDoItem.coordinate)?.latitude
        case .longitude: item(locator).flatMap(ToDoItem.coordinate)?.longitude
        default: nil
        }
    }

    private func withStoredUTF8(_ kind: Locator.Kind, _ locator: Locator, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool? {
        if kind == .fixed {
            guard let fixed = FixedText(rawValue: locator.payload) else { return nil }
            return body(fixed.utf8)
        }
        guard let item = item(locator) else { return nil }
        let lent: UnsafeBufferPointer<UInt8>? = switch kind {
        case .title: ToDoItem.lentTitle(item, scratch: storedScratch)
        case .notes: ToDoItem.lentNotes(item, scratch: storedScratch)
        case .locationName: ToDoItem.lentLocation(item, scratch: storedScratch)?.name
        default: nil
        }
        return lent.map(body)
    }
}

/// The uniquing pass as work for another thread: it owns what the pass needs. Given
/// chunks of the list, it first adds those it takes to a bound of its own
/// (``waitForBound()``), and then waits for the capacity the whole list's bound gives
/// (``proceed(capacity:)``).
final class UniquingJob: @unchecked Sendable {
    // (The list's storage stays alive and unchanged until the encoder has joined this thread.)
    private let sections: (UnsafeBufferPointer<ToDoItem>, UnsafeBufferPointer<ToDoItem>)
    private let bounding: WorkChunks?
    private let counts: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>)?
    let answers: UniquingAnswers
    /// The bound of the chunks of `bounding` this thread took, once `boundReady`.
    private var bound = ArchiveBound()
    private let boundReady = Atomic<Bool>(false)
    /// 0 until told; then the capacity + 1, or -1 for "do not run".
    private let go = Atomic<Int>(0)

    init(sections: (UnsafeBufferPointer<ToDoItem>, UnsafeBufferPointer<ToDoItem>), ringCapacity: Int,
         helper: (@Sendable () -> Bool)? = nil,
         bounding: WorkChunks? = nil, counts: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>)? = nil) {
        self.sections = sections
        self.bounding = bounding
        self.counts = counts
        answers = UniquingAnswers(capacity: ringCapacity, helper: helper)
    }

    /// The pass may run, with room for `capacity` distinct values.
    func proceed(capacity: Int) { go.store(capacity + 1, ordering: .releasing) }

    /// The pass must not run (the list needs the general encoder).
    func cancel() { go.store(-1, ordering: .releasing) }

    /// The bound of the chunks this job took, once it has taken the last.
    func waitForBound() -> ArchiveBound {
        var attempts = 0
        while !boundReady.load(ordering: .acquiring) { UniquingAnswers.pause(&attempts, patience: 4_096) }
        return bound
    }

    /// Makes its share of the bound (the chunks it takes of `bounding`), then runs the pass
    /// to the end (or until the reader abandons it), unless cancelled.
    func run() {
        if let bounding, let counts {
            var share = ArchiveBound()
            share.add(sections, taking: bounding, counts: counts)
            bound = share
            boundReady.store(true, ordering: .releasing)
        }
        var told = go.load(ordering: .acquiring)
        var attempts = 0
        while told == 0 {
            UniquingAnswers.pause(&attempts, patience: 4_096)
            told = go.load(ordering: .acquiring)
        }
        let writer = UniquingAnswers.Writer(answers)
        guard told > 0 else {
            writer.finish()
            return
        }
        let pass = KeyedArchiveUniquing(sections: sections, capacity: told - 1)
        _ = pass.run(into: writer)
    }

    /// ``run()``, then the helper's work (writing pieces of the file) until the encoder is
    /// done with the answers: the job's own thread has nothing else to do. (A cancelled
    /// pass has nothing to help with.)
    func runThenHelp() {
        run()
        if go.load(ordering: .acquiring) > 0 { answers.helpUntilAbandoned() }
    }
}

/// Where a uniqued value comes from, so that a later equal value can be recognised: a kind
/// in the top four bits; for item fields, the section in bit 27 and the item's index below it.
struct Locator {
    static let maximumIndex = 1 << 27
    let bits: UInt32

    enum Kind: UInt32 {
        case fixed, title, notes, locationName, createdAt, due, latitude, longitude
    }

    @inline(__always) init(bits: UInt32) { self.bits = bits }
    @inline(__always) init(_ kind: Kind, _ payload: Int) {
        bits = kind.rawValue << 28 | UInt32(truncatingIfNeeded: payload)
    }
    /// An item's field: `item` is ``itemPayload(section:index:)``.
    @inline(__always) static func itemPayload(section: Int, index: Int) -> Int { section << 27 | index }

    @inline(__always) var kind: Kind? { Kind(rawValue: bits >> 28) }
    @inline(__always) var payload: Int { Int(bits & 0x0FFF_FFFF) }
    @inline(__always) var section: Int { payload >> 27 }
    @inline(__always) var index: Int { payload & (Self.maximumIndex - 1) }
}

/// A value offered for uniquing.
private enum Candidate {
    case utf8(UnsafeBufferPointer<UInt8>)
    case real(UInt64)
}

/// The uniquing table: open addressing over 32-bit slots, each an 8-bit hash tag and the
/// value's ordinal + 1 (0 is empty); per ordinal, where the value came from. About 10 bytes
/// per value it has room for (the bound's count: every value, equal ones included).
struct UniqueTable {
    /// Ordinals must fit below the tag.
    static let maximumCount = (1 << 24) - 1
    static let tagMask: UInt32 = 0xFF00_0000

    let slots: UnsafeMutablePointer<UInt32>
    let slotCount: Int
    let locators: UnsafeMutablePointer<UInt32>
    private(set) var count = 0

    /// Room for `capacity` values, the slots at most 70% full.
    init(capacity: Int) {
        slotCount = max(64, capacity * 10 / 7)
        // (Cleared by writing, not calloc's zero pages: each of those, read first, faults
        // again on its first write, and with the encoder's thread running each such fault
        // interrupts the other core to flush its TLB.)
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: 0, count: slotCount)
        locators = .allocate(capacity: capacity)
    }

    func deallocate() {
        slots.deallocate()
        locators.deallocate()
    }

    @inline(__always)
    static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 56) << 24 }

    /// The first slot a value of this hash probes (from the hash's low half, independent of the tag).
    @inline(__always)
    func firstSlot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: ((hash & 0xFFFF_FFFF) &* UInt64(slotCount)) >> 32)
    }

    /// Records a new value in the empty slot `slot`; returns its ordinal.
    @inline(__always)
    mutating func insert(at slot: Int, tag: UInt32, locator: Locator) -> UInt32 {
        locators[count] = locator.bits
        count += 1
        slots[slot] = tag | UInt32(count)
        return UInt32(count - 1)
    }
}
