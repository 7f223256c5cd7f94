import FoundationEssentials
import Glibc

/// Writes a keyed archive in pieces to an ``ArchiveSink``, for lists whose every field tick
/// knows (no unknown fields) and whose strings cannot equal an id.
///
/// Produces the same bytes as ``KeyedArchiveGeneralEncoder``: objects numbered top-down as
/// first referenced, each written at once where its number puts it; container references
/// filled in once their elements have numbers. The reference size is chosen from an upper
/// bound of the object count and, in the rare case that uniquing brings the count under
/// that size's threshold, the archive is written again with the smaller size. Ids are not
/// looked up for uniquing: an id can only equal a string that looks like an uppercase id,
/// and lists holding such a string take the general path.
///
/// Two threads share the work for a large list: the uniquing (hashing every value and
/// looking it up) runs on a thread of its own (``KeyedArchiveUniquing``) and hands this one
/// an ordinal per value through a ring (``UniquingAnswers``); this thread numbers objects
/// and writes bytes, writing a value only the first time its ordinal comes. Strings are
/// read in place (``Swift/String/lentUTF8(scratch:)``), so neither thread retains them.
/// The uniquing is the lighter half: while it is over a quarter of a ring ahead (of the
/// encoder's place as last published), and
/// once its ordinals are done, its thread writes the pieces this one gives the sink
/// (``ArchiveSink/helper``); this one writes them too while it waits for an ordinal. Both
/// threads first make the list's bound together, in chunks (``WorkChunks``).
///
/// Memory stays small whatever the list's size: the bytes go out in pieces of about
/// ``defaultChunkSize`` as items are finished, and so do the `$objects` array's slots, a
/// segment at a time as objects are numbered (``SlotSegments``). Only the archive's first
/// bytes (the top dictionary) wait until the end, with a size byte per object for the
/// offset table (``ObjectStarts``), 4 bytes per value the bound counts for its reference
/// and, on the uniquing thread, about 10 bytes per such value (``UniqueTable``).
struct KeyedArchiveDirectEncoder<Sink: ArchiveSink>: ~Copyable {
    /// Bytes gathered before they are handed to the sink. (256 KiB pieces measured 3 ms
    /// slower at 100,000 items: four times the writes and write-back calls.)
    static var defaultChunkSize: Int { 1 << 20 }
    /// The most bytes of `$objects` slots handed over at a time.
    static var slotSegmentSize: Int { 1 << 18 }

    /// How writing went.
    enum Outcome {
        /// The archive is complete in the sink; its length in bytes.
        case written(Int)
        /// The list needs the general encoder (nothing was put in the sink).
        case unsupported
        /// The sink failed (errno says why).
        case failed
    }

    /// Where the uniquing pass (``KeyedArchiveUniquing``) runs.
    enum Uniquing {
        /// Alongside the writing for lists of ``alongsideThreshold`` items and more, first otherwise.
        case automatic
        /// On this thread, before the writing.
        case first
        /// On a thread of its own while this one writes, the ordinals passing through a ring
        /// of `ringCapacity` (first, if no thread can be had).
        case alongside(ringCapacity: Int)
    }

    /// From how many items a second thread pays for itself.
    static var alongsideThreshold: Int { 4_096 }
    /// Ordinals in flight between the threads (128 KiB).
    static var defaultRingCapacity: Int { 1 << 15 }

    /// Writes `list` into `sink`, in pieces of about `chunkSize` bytes.
    static func write(_ list: ToDoList, to sink: inout Sink, chunkSize: Int = defaultChunkSize,
                      uniquing: Uniquing = .automatic) -> Outcome {
        guard list.unknownFields.isEmpty,
              list.toDoItems.count < Locator.maximumIndex, list.doneItems.count < Locator.maximumIndex
        else { return .unsupported }
        return list.toDoItems.withUnsafeBufferPointer { toDo in
            list.doneItems.withUnsafeBufferPointer { done in
                write(list, (toDo, done), to: &sink, chunkSize: max(chunkSize, 64), uniquing: uniquing)
            }
        }
    }

    private static func write(_ list: ToDoList, _ lists: (UnsafeBufferPointer<ToDoItem>, UnsafeBufferPointer<ToDoItem>),
                              to sink: inout Sink, chunkSize: Int, uniquing: Uniquing) -> Outcome {
        let total = lists.0.count + lists.1.count
        let ringCapacity: Int? = switch uniquing {
        case .automatic: total >= alongsideThreshold ? defaultRingCapacity : nil
        case .first: nil
        case .alongside(let capacity): max(capacity, 2)
        }
        let counts = (UnsafeMutablePointer<UInt8>.allocate(capacity: max(lists.0.count, 1)),
                      UnsafeMutablePointer<UInt8>.allocate(capacity: max(lists.1.count, 1)))
        defer {
            counts.0.deallocate()
            counts.1.deallocate()
        }
        // The bound: with a thread for the uniquing, both threads make it first, chunk by chunk.
        var bound = ArchiveBound()
        var started: RunningUniquing?
        if let ringCapacity {
            let chunks = WorkChunks(total: total, size: ArchiveBound.chunkSize)
            let job = UniquingJob(sections: lists, ringCapacity: ringCapacity, helper: sink.helper,
                                  bounding: chunks, counts: counts)
            if let thread = WorkerThread({ job.runThenHelp() }) {
                bound.add(lists, taking: chunks, counts: counts)
                bound.merge(job.waitForBound())
                started = RunningUniquing(job: job, thread: thread)
            }
        }
        if started == nil { bound.add(lists, range: 0..<total, counts: counts) }
        let objectBound = bound.objects + 256
        let byteBound = bound.bytes + 8_192
        guard bound.supported, objectBound < Int(UInt32.max), byteBound + objectBound * 8 < Int(UInt32.max),
              bound.unique + FixedText.count < UniqueTable.maximumCount
        else {
            started?.stop()
            return .unsupported
        }
        var referenceSize = BinaryPropertyListBuilder.byteCount(UInt64(objectBound))
        sink.expect(byteBound + bound.objects * 2 * referenceSize + objectBound * 8 + 64)
        let sizes = UnsafeMutablePointer<UInt8>.allocate(capacity: objectBound)
        defer { sizes.deallocate() }
        while true {
            let running: RunningUniquing
            if let first = started {
                first.job.proceed(capacity: bound.unique)
                running = first
                started = nil
            } else {
                running = startUniquing(sections: lists, values: bound.unique, ringCapacity: ringCapacity, helper: sink.helper)
            }
            var encoder = KeyedArchiveDirectEncoder(
                list: list, sections: lists, archived: bound.sections, counts: counts, sizes: sizes,
                referenceSize: referenceSize, answers: running.job.answers,
                ordinalCapacity: bound.unique + FixedText.count, chunkSize: chunkSize)
            encoder.encodeArchive(into: &sink)
            if encoder.mismatch || encoder.placedOutOfOrder || !encoder.readAllOrdinals() {
                // A string whose UTF-8 cannot be lent in place (a bridged string, which
                // Linux does not have), or a uid placed out of order (never: its slot's
                // segment may have left already): the general encoder writes the list instead.
                running.end()
                return sink.reset() ? .unsupported : .failed
            }
            if encoder.failed {
                running.end()
                _ = sink.settle()
                return .failed
            }
            let smallest = BinaryPropertyListBuilder.byteCount(UInt64(encoder.count))
            if smallest < referenceSize {
                running.end()
                guard sink.reset() else { return .failed }
                referenceSize = smallest
                continue
            }
            // (The pass's thread, done with its ordinals, helps write until the end.)
            let length = encoder.finish(into: &sink)
            running.end()
            return encoder.failed ? .failed : .written(length)
        }
    }

    /// The archive in memory, or nil when the list needs the general encoder.
    static func encode(_ list: ToDoList, chunkSize: Int = defaultChunkSize, uniquing: Uniquing = .automatic) -> [UInt8]?
    where Sink == ArchiveBytes {
        var bytes = ArchiveBytes()
        guard case .written = write(list, to: &bytes, chunkSize: chunkSize, uniquing: uniquing) else { return nil }
        return bytes.bytes
    }

    /// The uniquing pass over `sections` (`values` at most), started on its own thread
    /// (with a ring of `ringCapacity`) or run to the end here.
    private static func startUniquing(sections: (UnsafeBufferPointer<ToDoItem>, UnsafeBufferPointer<ToDoItem>), values: Int,
                                      ringCapacity: Int?, helper: (@Sendable () -> Bool)?) -> RunningUniquing {
        if let ringCapacity {
            let job = UniquingJob(sections: sections, ringCapacity: ringCapacity, helper: helper)
            job.proceed(capacity: values)
            if let thread = WorkerThread({ job.runThenHelp() }) { return RunningUniquing(job: job, thread: thread) }
        }
        // Every ordinal fits in the ring: the pass never waits for the reader.
        let job = UniquingJob(sections: sections, ringCapacity: max(values, 1))
        job.proceed(capacity: values)
        job.run()
        return RunningUniquing(job: job, thread: nil)
    }

    // MARK: - State

    private let list: ToDoList
    private let sections: (UnsafeBufferPointer<ToDoItem>, UnsafeBufferPointer<ToDoItem>)
    /// The sections' archive objects, as ``ArchiveBound`` counted them.
    private let archived: (ArchivedSection, ArchivedSection)
    /// Per section, each item's archive objects (with ``ArchivedSection/locationFlag``).
    private let counts: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>)
    /// Where each object starts, for the offset table.
    private var starts: ObjectStarts
    private let referenceSize: Int
    /// Bytes written (the position in the whole archive).
    private var position = 0
    /// Objects numbered.
    private(set) var count = 0
    /// Whether the sink failed.
    private(set) var failed = false
    /// How many archive objects (UIDs) the list takes.
    private var totalArchiveObjects = 0
    /// Where the `$objects` array's reference slots start.
    private var objectsSlots = 0

    /// The chunk being gathered: archive bytes from `windowStart` to `position`.
    private var window: UnsafeMutablePointer<UInt8>
    private var windowCapacity: Int
    private var windowStart = 0
    private let chunkSize: Int
    /// The archive's first bytes, up to the `$objects` slots (the top dictionary, whose last
    /// references come at the end), kept until the end. Until they are complete they are the
    /// window itself.
    private var header: UnsafeMutablePointer<UInt8>?
    /// The `$objects` slots go out in segments of a power of two of them: the current one
    /// fills as objects are numbered (in order), and is handed to the sink once the next
    /// begins. ``SlotSegments`` keeps the geometry and the buffers.
    private var segments: SlotSegments

    /// The ordinals of the item values, from the uniquing pass, in the order they are written.
    private var reader: UniquingAnswers.Reader
    /// Per ordinal, the reference + 1 of the object made for its value. The fixed strings
    /// are ordinals `0..<FixedText.count` (0: none yet); one spare slot past the end.
    private let refs: UnsafeMutablePointer<UInt32>
    private let ordinalCapacity: Int
    /// The item values' ordinals below this have objects: the pass numbers values in the
    /// order the encoder meets them, so a new one is always the next.
    private var ordinalsMade = FixedText.count
    /// The uniquing pass handed over no ordinal, or one out of range, where one was needed.
    private(set) var mismatch = false
    /// Where strings of up to 15 bytes are lent (``Swift/String/lentUTF8(scratch:)``).
    private let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)
    /// The integers written (the archive's version and format version), and their references.
    private var integerRefs: [(value: UInt64, ref: Int)] = []
    // Archive UIDs of class descriptions (0: not yet) and references of their first UID objects.
    private var classUIDs: (list: Int, array: Int, item: Int, location: Int) = (0, 0, 0, 0)
    private var classUIDRefs: (array: Int, item: Int, location: Int) = (0, 0, 0)

    private init(list: ToDoList, sections: (UnsafeBufferPointer<ToDoItem>, UnsafeBufferPointer<ToDoItem>), archived: (ArchivedSection, ArchivedSection),
                 counts: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>), sizes: UnsafeMutablePointer<UInt8>,
                 referenceSize: Int, answers: UniquingAnswers, ordinalCapacity: Int, chunkSize: Int) {
        self.list = list
        self.sections = sections
        self.archived = archived
        self.counts = counts
        starts = ObjectStarts(sizes: sizes)
        self.referenceSize = referenceSize
        segments = SlotSegments(referenceSize: referenceSize, chunkSize: min(chunkSize, Self.slotSegmentSize))
        reader = UniquingAnswers.Reader(answers)
        self.ordinalCapacity = ordinalCapacity
        // Only the fixed strings' slots are read before written. (Not calloc: its fresh zero
        // pages, read first, would fault again on the first write, and with the pass's
        // thread running each such fault interrupts the other core to flush its TLB.)
        refs = .allocate(capacity: ordinalCapacity + 1)
        refs.initialize(repeating: 0, count: FixedText.count)
        self.chunkSize = chunkSize
        windowCapacity = chunkSize
        window = .allocate(capacity: windowCapacity)
    }

    deinit {
        refs.deallocate()
        scratch.deallocate()
        window.deallocate()
        header?.deallocate()
        segments.deallocate()
    }

    // MARK: - Archive

    private mutating func encodeArchive(into sink: inout Sink) {
        let objectCount = archiveObjectCount()
        totalArchiveObjects = objectCount
        // (The `$objects` slots are reserved but not kept in the window: they go out in segments.)
        ensure(1_024, sink: &sink)
        for byte in BinaryPropertyListTrailer.magic { put(byte) }
        let topSlot = reserve(0xD, count: 4, slots: 8)
        setReference(topSlot, fixedString(.version))
        setReference(topSlot + (1) * referenceSize, fixedString(.objectsKey))
        setReference(topSlot + (2) * referenceSize, fixedString(.archiver))
        setReference(topSlot + (3) * referenceSize, fixedString(.top))
        setReference(topSlot + (4) * referenceSize, integer(100_000))
        let objects = count
        objectsSlots = reserve(0xA, count: objectCount, slots: objectCount)
        setReference(topSlot + (5) * referenceSize, objects)
        endPrefix()
        ensure(1_024, sink: &sink)
        place(0, fixedString(.null))
        encodeRoot(into: &sink)
        ensure(1_024, sink: &sink)
        setPrefixReference(topSlot + (6) * referenceSize, fixedString(.archiverName))
        let topDictionary = count
        let rootSlot = reserve(0xD, count: 1, slots: 2)
        setReference(rootSlot, fixedString(.root))
        setReference(rootSlot + (1) * referenceSize, uid(1))
        setPrefixReference(topSlot + (7) * referenceSize, topDictionary)
    }

    /// How many archive objects (UIDs) the list takes, `$null` included.
    private func archiveObjectCount() -> Int {
        var count = 1 + 1 + 2 + 2  // $null, root, two arrays, NSArray and ToDoList classes
        count += archived.0.objects + archived.1.objects
        if !list.isEmpty { count += 1 }
        if archived.0.anyLocation || archived.1.anyLocation { count += 1 }
        return count
    }

    private mutating func encodeRoot(into sink: inout Sink) {
        let root = count
        let slot = reserve(0xD, count: 4, slots: 8)
        place(1, root)
        setReference(slot, fixedString(.formatVersion))
        setReference(slot + (1) * referenceSize, fixedString(.toDoItems))
        setReference(slot + (2) * referenceSize, fixedString(.doneItems))
        setReference(slot + (3) * referenceSize, fixedString(.classKey))
        setReference(slot + (4) * referenceSize, integer(UInt64(KeyedArchive.formatVersion)))
        setReference(slot + (5) * referenceSize, uid(2))
        // The Done array follows the To Do array and its items (and, after the first item,
        // ToDoItem's class; after the first location, Location's; after the array, NSArray's).
        let toDo = archived.0
        var toDoCount = 1 + 1 + toDo.objects  // the array, NSArray's class, the items
        if !sections.0.isEmpty { toDoCount += 1 }
        if toDo.anyLocation { toDoCount += 1 }
        let doneUID = 2 + toDoCount
        setReference(slot + (6) * referenceSize, uid(UInt64(doneUID)))
        // ToDoList's class comes last.
        let total = totalArchiveObjects
        classUIDs.list = total - 1
        setReference(slot + (7) * referenceSize, uid(UInt64(total - 1)))

        var next = encodeArray(section: 0, uid: 2, into: &sink)
        assert(next == doneUID, "archive numbering")
        next = encodeArray(section: 1, uid: next, into: &sink)
        assert(next == total - 1, "archive numbering")
        ensure(1_024, sink: &sink)
        encodeClass(.toDoList, uid: next)
    }

    /// Writes an NSArray of a section's items at `uid`; returns the next free UID.
    private mutating func encodeArray(section: Int, uid arrayUID: Int, into sink: inout Sink) -> Int {
        let items = section == 0 ? sections.0 : sections.1
        ensure(1_024 + items.count * (referenceSize + 9), sink: &sink)
        let dictionary = count
        let slot = reserve(0xD, count: 2, slots: 4)
        place(arrayUID, dictionary)
        setReference(slot, fixedString(.objects))
        setReference(slot + (1) * referenceSize, fixedString(.classKey))
        let elements = count
        let elementsSlot = reserve(0xA, count: items.count, slots: items.count)
        setReference(slot + (2) * referenceSize, elements)
        // The items' UIDs, in order: each item takes its objects, and the first item, the
        // first location of the list, its class descriptions.
        var next = arrayUID + 1
        var itemClassKnown = classUIDs.item != 0
        var locationClassKnown = classUIDs.location != 0
        let counts = section == 0 ? counts.0 : counts.1
        for index in items.indices {
            setReference(elementsSlot + (index) * referenceSize, uid(UInt64(next)))
            let archivedObjects = counts[index]
            next += Int(archivedObjects & ~ArchivedSection.locationFlag)
            if archivedObjects & ArchivedSection.locationFlag != 0, !locationClassKnown { next += 1; locationClassKnown = true }
            if !itemClassKnown { next += 1; itemClassKnown = true }
        }
        let arrayClass = classUIDs.array != 0 ? classUIDs.array : next
        let classRef = uid(UInt64(arrayClass))
        if classUIDs.array != 0 {
            setReference(slot + (3) * referenceSize, classUIDRefs.array)
        } else {
            classUIDRefs.array = classRef
            setReference(slot + (3) * referenceSize, classRef)
        }
        var itemUID = arrayUID + 1
        if let base = items.baseAddress {
            // Room for an item's objects and references, and the class descriptions: the
            // largest item's, unless that is large enough to cut the pieces short.
            let largest = (section == 0 ? archived.0 : archived.1).largestItem + 24 * referenceSize + 512
            let each = largest <= chunkSize / 8 ? largest : nil
            for index in items.indices {
                ensure(each ?? ArchiveBound.itemBytes(base + index) + 24 * referenceSize + 512, sink: &sink)
                itemUID = encodeItem(base + index, uid: itemUID)
            }
        }
        assert(itemUID == next, "archive numbering")
        if classUIDs.array == 0 {
            ensure(1_024, sink: &sink)
            classUIDs.array = next
            encodeClass(.array, uid: next)
            next += 1
        }
        return next
    }

    /// Writes an item and its children from `uid`; returns the next free UID.
    private mutating func encodeItem(_ item: UnsafePointer<ToDoItem>, uid itemUID: Int) -> Int {
        let hasNotes = item.pointee.notes != nil
        let due = item.pointee.due
        let hasLocation = ToDoItem.hasLocation(item)
        let pairs = 4 + (hasNotes ? 1 : 0) + (due == nil ? 0 : 1) + (hasLocation ? 1 : 0)
        let dictionary = count
        let slot = reserve(0xD, count: pairs, slots: 2 * pairs)
        place(itemUID, dictionary)
        var keySlot = slot
        setReference(keySlot, fixedString(.id)); keySlot += referenceSize
        setReference(keySlot, fixedString(.title)); keySlot += referenceSize
        if hasNotes { setReference(keySlot, fixedString(.itemDescription)); keySlot += referenceSize }
        if due != nil { setReference(keySlot, fixedString(.timestamp)); keySlot += referenceSize }
        setReference(keySlot, fixedString(.createdAt)); keySlot += referenceSize
        if hasLocation { setReference(keySlot, fixedString(.location)); keySlot += referenceSize }
        setReference(keySlot, fixedString(.classKey))

        var valueSlot = slot + pairs * referenceSize
        var next = itemUID + 1
        let idUID = next; next += 1
        let titleUID = next; next += 1
        let notesUID = next
        if hasNotes { next += 1 }
        setReference(valueSlot, uid(UInt64(idUID))); valueSlot += referenceSize
        setReference(valueSlot, uid(UInt64(titleUID))); valueSlot += referenceSize
        if hasNotes { setReference(valueSlot, uid(UInt64(notesUID))); valueSlot += referenceSize }
        if let due {
            setReference(valueSlot, real(due.timeIntervalSince1970)); valueSlot += referenceSize
        }
        setReference(valueSlot, real(item.pointee.createdAt.timeIntervalSince1970))
        valueSlot += referenceSize
        let locationUID = next
        if hasLocation {
            next += 2
            if classUIDs.location == 0 { next += 1 }
            setReference(valueSlot, uid(UInt64(locationUID))); valueSlot += referenceSize
        }
        let itemClass = classUIDs.item != 0 ? classUIDs.item : next
        let classRef = uid(UInt64(itemClass))
        if classUIDs.item != 0 {
            setReference(valueSlot, classUIDRefs.item)
        } else {
            classUIDRefs.item = classRef
            setReference(valueSlot, classRef)
        }

        place(idUID, idString(item.pointee.id))
        place(titleUID, string(ToDoItem.lentTitle(item, scratch: scratch)))
        if hasNotes { place(notesUID, string(ToDoItem.lentNotes(item, scratch: scratch))) }
        if hasLocation {
            let location = ToDoItem.lentLocation(item, scratch: scratch)
            encodeLocation(coordinate: location?.coordinate, name: location?.name, uid: locationUID)
        }
        if classUIDs.item == 0 {
            classUIDs.item = next
            encodeClass(.toDoItem, uid: next)
            next += 1
        }
        return next
    }

    private mutating func encodeLocation(coordinate: Location.Coordinate?, name: UnsafeBufferPointer<UInt8>?, uid locationUID: Int) {
        let pairs = coordinate == nil ? 2 : 4
        let dictionary = count
        let slot = reserve(0xD, count: pairs, slots: 2 * pairs)
        place(locationUID, dictionary)
        var keySlot = slot
        setReference(keySlot, fixedString(.name)); keySlot += referenceSize
        if coordinate != nil {
            setReference(keySlot, fixedString(.latitude)); keySlot += referenceSize
            setReference(keySlot, fixedString(.longitude)); keySlot += referenceSize
        }
        setReference(keySlot, fixedString(.classKey))
        var valueSlot = slot + pairs * referenceSize
        let nameUID = locationUID + 1
        setReference(valueSlot, uid(UInt64(nameUID))); valueSlot += referenceSize
        if let coordinate {
            setReference(valueSlot, real(coordinate.latitude)); valueSlot += referenceSize
            setReference(valueSlot, real(coordinate.longitude)); valueSlot += referenceSize
        }
        let locationClass = classUIDs.location != 0 ? classUIDs.location : locationUID + 2
        let classRef = uid(UInt64(locationClass))
        if classUIDs.location != 0 {
            setReference(valueSlot, classUIDRefs.location)
        } else {
            classUIDRefs.location = classRef
            setReference(valueSlot, classRef)
        }
        place(nameUID, string(name))
        if classUIDs.location == 0 {
            classUIDs.location = locationClass
            encodeClass(.locationClass, uid: locationClass)
        }
    }

    private mutating func encodeClass(_ name: FixedText, uid: Int) {
        let dictionary = count
        let slot = reserve(0xD, count: 2, slots: 4)
        setReference(slot, fixedString(.className))
        setReference(slot + (1) * referenceSize, fixedString(.classes))
        setReference(slot + (2) * referenceSize, fixedString(name))
        let classes = count
        let classesSlot = reserve(0xA, count: 2, slots: 2)
        setReference(classesSlot, fixedString(name))
        setReference(classesSlot + (1) * referenceSize, fixedString(.object))
        setReference(slot + (3) * referenceSize, classes)
        place(uid, dictionary)
    }

    // MARK: - Chunks

    /// Makes room for `bytes` more in the window: hands the gathered chunk to the sink when
    /// it would overflow, and grows the window when a single piece is larger than it.
    @inline(__always)
    private mutating func ensure(_ bytes: Int, sink: inout Sink) {
        if segments.hasFull { handOverSegments(to: &sink) }
        if position - windowStart + bytes <= windowCapacity { return }
        growOrFlush(bytes, sink: &sink)
    }

    /// Hands the full segments of `$objects` slots to the sink.
    private mutating func handOverSegments(to sink: inout Sink) {
        while let full = segments.takeFull() {
            if failed {
                segments.recycle(full.buffer)
                continue
            }
            let (next, written) = sink.exchange(full.buffer, count: full.count, capacity: segments.capacity, at: full.offset)
            segments.recycle(next)
            if !written { failed = true }
        }
    }

    private mutating func growOrFlush(_ bytes: Int, sink: inout Sink) {
        if header != nil { flush(into: &sink) }
        let used = position - windowStart
        if used + bytes > windowCapacity {
            let capacity = max(used + bytes, windowCapacity * 2)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.update(from: window, count: used)
            window.deallocate()
            window = grown
            windowCapacity = capacity
        }
    }

    /// The archive's first bytes are complete up to the `$objects` slots: they stay aside,
    /// the slots fill in segments, and the window starts after them.
    private mutating func endPrefix() {
        let kept = UnsafeMutablePointer<UInt8>.allocate(capacity: objectsSlots - windowStart)
        kept.update(from: window, count: objectsSlots - windowStart)
        header = kept
        segments.start(at: objectsSlots)
        windowStart = position
        if windowCapacity > chunkSize {
            window.deallocate()
            windowCapacity = chunkSize
            window = .allocate(capacity: windowCapacity)
        }
    }

    /// Whether a uid was placed out of order (never: then its slot may have left already).
    var placedOutOfOrder: Bool { segments.outOfOrder }

    /// Whether the uniquing pass has nothing more to hand over (every ordinal was used).
    private mutating func readAllOrdinals() -> Bool { reader.next() == UniquingAnswers.exhausted }

    /// Hands the gathered bytes to the sink. A window of the usual size is given away
    /// whole (``ArchiveSink/exchange(_:count:capacity:at:)``), for a thread with time to
    /// write (the file's sink lets the uniquing thread write it while this one goes on:
    /// 34.3 against 37.9 ms for a save of 100,000 items, alternating in one process); a
    /// window grown for one large piece (a section's array of item UIDs, a huge item) is
    /// written here and goes back to the usual size.
    private mutating func flush(into sink: inout Sink) {
        let length = position - windowStart
        guard length > 0 else { return }
        defer { windowStart = position }
        if failed { return }
        if windowCapacity == chunkSize {
            let (next, written) = sink.exchange(window, count: length, capacity: windowCapacity, at: windowStart)
            window = next
            if !written { failed = true }
            return
        }
        if !sink.put(UnsafeRawBufferPointer(start: window, count: length), at: windowStart) { failed = true }
        window.deallocate()
        windowCapacity = chunkSize
        window = .allocate(capacity: windowCapacity)
    }

    // MARK: - Objects

    /// The byte at archive position `position` (in the window).
    @inline(__always)
    private func at(_ position: Int) -> UnsafeMutablePointer<UInt8> { window + (position - windowStart) }

    /// Fills the `$objects` slot of `uid` (uids come in order).
    @inline(__always)
    private mutating func place(_ uid: Int, _ ref: Int) {
        Self.store(UInt64(truncatingIfNeeded: ref), referenceSize, segments.slot(uid))
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        at(position).pointee = byte
        position += 1
    }

    @inline(__always)
    private mutating func putBigEndian(_ value: UInt64, _ size: Int) {
        Self.store(value, size, at(position))
        position += size
    }

    @inline(__always)
    private static func store(_ value: UInt64, _ size: Int, _ target: UnsafeMutablePointer<UInt8>) {
        switch size {
        case 1: target.pointee = UInt8(truncatingIfNeeded: value)
        case 2: UnsafeMutableRawPointer(target).storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, as: UInt16.self)
        case 4: UnsafeMutableRawPointer(target).storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
        default: UnsafeMutableRawPointer(target).storeBytes(of: value.bigEndian, as: UInt64.self)
        }
    }

    /// Numbers a new object starting at the current position.
    @inline(__always)
    private mutating func begin() -> Int {
        starts.object(count, startsAt: position)
        count += 1
        return count - 1
    }

    @inline(__always)
    private mutating func putHeader(_ type: UInt8, _ count: Int) {
        if count < 15 {
            put(type << 4 | UInt8(count))
        } else {
            put(type << 4 | 0x0F)
            putInteger(UInt64(count))
        }
    }

    /// An integer object of 1, 2, 4 or 8 bytes, the smallest that holds the value.
    @inline(__always)
    private mutating func putInteger(_ value: UInt64) {
        let size = BinaryPropertyListBuilder.byteCount(value)
        put(0x10 | UInt8(size.trailingZeroBitCount))
        putBigEndian(value, size)
    }

    /// A container's header and `slots` reference slots; returns the first slot's position.
    @inline(__always)
    private mutating func reserve(_ type: UInt8, count pairs: Int, slots: Int) -> Int {
        _ = begin()
        putHeader(type, pairs)
        let slot = position
        position += slots * referenceSize
        return slot
    }

    /// Fills the reference slot at archive position `slot`, which is in the window.
    @inline(__always)
    private mutating func setReference(_ slot: Int, _ ref: Int) {
        Self.store(UInt64(truncatingIfNeeded: ref), referenceSize, at(slot))
    }

    /// Fills a reference slot of the archive's first bytes.
    @inline(__always)
    private mutating func setPrefixReference(_ slot: Int, _ ref: Int) {
        let target = header.map { $0 + slot } ?? at(slot)
        Self.store(UInt64(truncatingIfNeeded: ref), referenceSize, target)
    }

    /// A UID object (each use is its own object, as CoreFoundation writes them).
    @inline(__always)
    private mutating func uid(_ value: UInt64) -> Int {
        let ref = begin()
        let size = BinaryPropertyListBuilder.uidByteCount(value)
        put(0x80 | UInt8(size - 1))
        putBigEndian(value, size)
        return ref
    }

    /// An integer object, stored once per value.
    private mutating func integer(_ value: UInt64) -> Int {
        if let known = integerRefs.first(where: { $0.value == value }) { return known.ref }
        let ref = begin()
        putInteger(value)
        integerRefs.append((value, ref))
        return ref
    }

    /// A real (a date or a coordinate) of an item, stored once per value.
    @inline(__always)
    private mutating func real(_ value: Double) -> Int {
        let ordinal = nextOrdinal()
        if let ref = existing(ordinal) { return ref }
        let ref = begin(ordinal)
        let target = at(position)
        target.pointee = 0x23
        UnsafeMutableRawPointer(target + 1).storeBytes(of: value.bitPattern.bigEndian, as: UInt64.self)
        position += 9
        return ref
    }

    /// One of the archive's own strings, stored once (and shared with an equal item value).
    @inline(__always)
    private mutating func fixedString(_ text: FixedText) -> Int {
        let known = refs[text.rawValue]
        return known != 0 ? Int(known) - 1 : newFixedString(text)
    }

    @inline(never)
    private mutating func newFixedString(_ text: FixedText) -> Int {
        let ref = begin(text.rawValue)
        putString(text.utf8)
        return ref
    }

    /// A string of an item (its UTF-8, lent: nil when it could not be), stored once per value.
    @inline(__always)
    private mutating func string(_ utf8: UnsafeBufferPointer<UInt8>?) -> Int {
        guard let utf8 else {
            mismatch = true
            return 0
        }
        let answer = reader.next()
        let ordinal = nextOrdinal(answer & UniquingAnswers.ordinalMask)
        if let ref = existing(ordinal) { return ref }
        let ref = begin(ordinal)
        if answer & UniquingAnswers.asciiFlag != 0 {
            putHeader(0x5, utf8.count)
            if let source = utf8.baseAddress { at(position).update(from: source, count: utf8.count) }
            position += utf8.count
        } else {
            // (The pass looked at every byte: not all ASCII.)
            putUTF16(utf8)
        }
        return ref
    }

    private mutating func idString(_ id: UUID) -> Int {
        let ref = begin()
        put(0x5F)
        put(0x10)
        put(36)
        UUIDText.write(id, into: at(position))
        position += 36
        return ref
    }

    /// A string's bytes: ASCII as type 0x5, anything else as UTF-16BE type 0x6.
    @inline(__always)
    private mutating func putString(_ utf8: UnsafeBufferPointer<UInt8>) {
        var combined: UInt8 = 0
        for byte in utf8 { combined |= byte }
        if combined < 0x80 {
            putHeader(0x5, utf8.count)
            if let source = utf8.baseAddress { at(position).update(from: source, count: utf8.count) }
            position += utf8.count
        } else {
            putUTF16(utf8)
        }
    }

    /// A string with a byte above 0x7F, as UTF-16BE type 0x6.
    @inline(__always)
    private mutating func putUTF16(_ utf8: UnsafeBufferPointer<UInt8>) {
        let units = BinaryPropertyListBuilder.utf16Count(utf8)
        putHeader(0x6, units)
        BinaryPropertyListBuilder.writeUTF16BigEndian(utf8, at(position))
        position += 2 * units
    }

    // MARK: - Uniqued values

    /// The next ordinal from the uniquing pass (a spare one, and ``mismatch`` set, when the
    /// pass has none: the two disagree about the list).
    @inline(__always)
    private mutating func nextOrdinal() -> Int { nextOrdinal(reader.next()) }

    /// `ordinal`, or a spare one (and ``mismatch`` set) when it is out of range.
    @inline(__always)
    private mutating func nextOrdinal(_ ordinal: Int) -> Int {
        if ordinal < ordinalCapacity { return ordinal }
        mismatch = true
        return ordinalCapacity
    }

    /// The reference of the object already made for `ordinal`'s value, if any.
    @inline(__always)
    private func existing(_ ordinal: Int) -> Int? {
        if ordinal >= ordinalsMade { return nil }
        let ref = refs[ordinal]
        return ref == 0 ? nil : Int(ref) - 1
    }

    /// Numbers a new object for `ordinal`'s value, starting at the current position.
    @inline(__always)
    private mutating func begin(_ ordinal: Int) -> Int {
        let ref = begin()
        refs[ordinal] = UInt32(truncatingIfNeeded: ref + 1)
        if ordinal >= ordinalsMade {
            if ordinal != ordinalsMade { mismatch = true }
            ordinalsMade = ordinal + 1
        }
        return ref
    }

    /// The offset table and trailer, then the last slot segments and the top dictionary;
    /// returns the total length.
    private mutating func finish(into sink: inout Sink) -> Int {
        let tableStart = position
        let offsetSize = BinaryPropertyListBuilder.byteCount(UInt64(tableStart))
        starts.end(at: tableStart, count: count)
        let perChunk = max(chunkSize / 8, 1)
        var index = 0
        var offsets = starts.makeIterator()
        while index < count {
            let end = min(count, index + perChunk)
            ensure((end - index) * offsetSize, sink: &sink)
            if offsetSize == 4 {
                // (The usual size, without a size switch per offset.)
                let target = UnsafeMutableRawPointer(at(position))
                for slot in 0..<(end - index) {
                    target.storeBytes(of: UInt32(truncatingIfNeeded: offsets.next()).bigEndian, toByteOffset: 4 * slot, as: UInt32.self)
                }
                position += 4 * (end - index)
                index = end
            }
            while index < end {
                putBigEndian(UInt64(offsets.next()), offsetSize)
                index += 1
            }
        }
        assert(offsets.offset == tableStart, "objects follow one another")
        ensure(32, sink: &sink)
        for _ in 0..<6 { put(0) }
        put(UInt8(offsetSize))
        put(UInt8(referenceSize))
        putBigEndian(UInt64(count), 8)
        putBigEndian(0, 8)
        putBigEndian(UInt64(tableStart), 8)
        flush(into: &sink)
        segments.end(count: totalArchiveObjects)
        handOverSegments(to: &sink)
        if let header, !failed, !sink.put(UnsafeRawBufferPointer(start: header, count: objectsSlots), at: 0) {
            failed = true
        }
        if !sink.settle() { failed = true }
        return position
    }
}

/// Where each plist object starts, kept as a byte of size per object (objects follow one
/// another without gaps from the 8-byte magic on, so the sizes add up to the offsets): a
/// quarter of the memory of 32-bit offsets. Sizes of 255 bytes and more are kept aside.
fileprivate struct ObjectStarts {
    private let sizes: UnsafeMutablePointer<UInt8>
    /// (object, size) of the objects of 255 bytes or more, in object order.
    private var large: [(object: Int, size: Int)] = []
    private var lastStart = BinaryPropertyListTrailer.magic.count

    init(sizes: UnsafeMutablePointer<UInt8>) { self.sizes = sizes }

    /// Object `object` (numbered in order) starts at `start`, where the one before it ends.
    @inline(__always)
    mutating func object(_ object: Int, startsAt start: Int) {
        if object > 0 { record(object - 1, start - lastStart) }
        lastStart = start
    }

    /// The last of `count` objects ends at `end`.
    mutating func end(at end: Int, count: Int) {
        if count > 0 { record(count - 1, end - lastStart) }
    }

    @inline(__always)
    private mutating func record(_ object: Int, _ size: Int) {
        if size < 255 {
            sizes[object] = UInt8(truncatingIfNeeded: size)
        } else {
            sizes[object] = 255
            large.append((object, size))
        }
    }

    /// The objects' offsets in order.
    func makeIterator() -> Offsets { Offsets(starts: self) }

    struct Offsets {
        fileprivate let starts: ObjectStarts
        private var object = 0
        /// Where the next object starts.
        private(set) var offset = BinaryPropertyListTrailer.magic.count
        private var largeIndex = 0

        fileprivate init(starts: ObjectStarts) { self.starts = starts }

        mutating func next() -> Int {
            let current = offset
            let size = starts.sizes[object]
            if size == 255 {
                offset += starts.large[largeIndex].size
                largeIndex += 1
            } else {
                offset += Int(size)
            }
            object += 1
            return current
        }
    }
}

/// A uniquing pass handing its ordinals over, and its thread if it has one.
private struct RunningUniquing {
    let job: UniquingJob
    let thread: WorkerThread?

    /// Waits for the pass to end (telling it to stop if the encoder read less than all).
    func end() {
        job.answers.abandon()
        thread?.join()
    }

    /// Tells a pass still waiting for its go not to run, and waits for its thread (which
    /// would otherwise go on to help with the sink's pieces until the answers are abandoned).
    func stop() {
        job.cancel()
        end()
    }
}

/// The `$objects` array's reference slots, in segments of a power of two of them, each in a
/// buffer of ``capacity`` bytes (at most the encoder's ``KeyedArchiveDirectEncoder/slotSegmentSize``): objects are numbered in order, so
/// once a uid of the next segment is placed the current one is full, and it waits in
/// ``takeFull()`` for the sink. A uid out of order (which the encoder never places) sets
/// ``outOfOrder``: its segment may have left already.
struct SlotSegments: ~Copyable {
    let capacity: Int
    private let referenceSize: Int
    private let shift: Int
    private let mask: Int
    /// Where the slots start in the archive.
    private var base = 0
    private var current = 0
    private var buffer: UnsafeMutablePointer<UInt8>
    private var full: [(buffer: UnsafeMutablePointer<UInt8>, count: Int, offset: Int)] = []
    private var spare: [UnsafeMutablePointer<UInt8>] = []
    private(set) var outOfOrder = false
    /// Whether the last segment's buffer went to ``full`` (``end(count:)``).
    private var ended = false

    init(referenceSize: Int, chunkSize: Int) {
        self.referenceSize = referenceSize
        var shift = 0
        while (2 << shift) * referenceSize <= chunkSize { shift += 1 }
        self.shift = shift
        mask = (1 << shift) - 1
        capacity = max(chunkSize, referenceSize << shift)
        buffer = .allocate(capacity: capacity)
    }

    func deallocate() {
        if !ended { buffer.deallocate() }
        for segment in full { segment.buffer.deallocate() }
        for buffer in spare { buffer.deallocate() }
    }

    /// The slots start at archive offset `base`.
    mutating func start(at base: Int) { self.base = base }

    /// Whether a full segment waits for the sink.
    var hasFull: Bool { !full.isEmpty }

    /// Where the slot of `uid` is.
    @inline(__always)
    mutating func slot(_ uid: Int) -> UnsafeMutablePointer<UInt8> {
        if uid >> shift != current { move(to: uid >> shift) }
        return buffer + (uid & mask) * referenceSize
    }

    private mutating func move(to segment: Int) {
        if segment != current + 1 { outOfOrder = true }
        handOver(slots: mask + 1)
        buffer = spare.popLast() ?? .allocate(capacity: capacity)
        current = segment
    }

    /// Every one of `count` slots is filled: the last segment is full too (no slot is
    /// placed after this).
    mutating func end(count: Int) {
        let filled = count - (current << shift)
        guard filled > 0 else { return }
        handOver(slots: filled)
        ended = true
    }

    /// The current segment, its first `slots` filled, waits for the sink.
    private mutating func handOver(slots: Int) {
        full.append((buffer, slots * referenceSize, base + (current << shift) * referenceSize))
    }

    /// The oldest full segment, now the caller's to hand over (and to ``recycle(_:)`` the
    /// buffer it gets back).
    mutating func takeFull() -> (buffer: UnsafeMutablePointer<UInt8>, count: Int, offset: Int)? {
        full.isEmpty ? nil : full.removeFirst()
    }

    /// A buffer of ``capacity`` bytes for a later segment.
    mutating func recycle(_ buffer: UnsafeMutablePointer<UInt8>) { spare.append(buffer) }
}
