/// What the direct encoder must know of a list before it writes: upper bounds of its plist
/// objects, of their bytes (strings at most two per UTF-8 byte, plus fixed-size objects;
/// references counted separately) and of its uniqued values; per section, its archive
/// objects; per item, its archive objects (in `counts`, one byte an item). Whether the list
/// has anything that needs the general encoder (unknown fields, strings that look like ids).
///
/// Made in one pass, or on two threads taking chunks of items in turn (``WorkChunks``), and merged.
struct ArchiveBound {
    var objects = 0
    var bytes = 0
    var unique = 0
    /// To Do's and Done's.
    var sections = (ArchivedSection(), ArchivedSection())
    /// False once an item needs the general encoder.
    var supported = true

    /// Adds the items at `range` of the two sections taken as one list (To Do, then Done),
    /// each item's archive objects into its section's `counts`.
    mutating func add(_ lists: (UnsafeBufferPointer<ToDoItem>, UnsafeBufferPointer<ToDoItem>), range: Range<Int>,
                      counts: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>)) {
        let split = lists.0.count
        if range.lowerBound < split {
            var section = sections.0
            add(lists.0, range.lowerBound..<min(range.upperBound, split), counts.0, into: &section)
            sections.0 = section
        }
        if range.upperBound > split {
            var section = sections.1
            add(lists.1, max(range.lowerBound, split) - split..<range.upperBound - split, counts.1, into: &section)
            sections.1 = section
        }
    }

    /// Adds chunks of the two sections taken as one list, taken in turn from `chunks`
    /// (which another thread may be taking from too), until none is left.
    mutating func add(_ lists: (UnsafeBufferPointer<ToDoItem>, UnsafeBufferPointer<ToDoItem>), taking chunks: WorkChunks,
                      counts: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>)) {
        while let chunk = chunks.next() { add(lists, range: chunk.items, counts: counts) }
    }

    /// Items a thread bounds at a time when two make the bound together (about 0.1 ms of work).
    static let chunkSize = 4_096

    /// Adds what another part of the list added.
    mutating func merge(_ other: ArchiveBound) {
        objects += other.objects
        bytes += other.bytes
        unique += other.unique
        supported = supported && other.supported
        sections.0.merge(other.sections.0)
        sections.1.merge(other.sections.1)
    }

    private mutating func add(_ items: UnsafeBufferPointer<ToDoItem>, _ range: Range<Int>, _ counts: UnsafeMutablePointer<UInt8>,
                              into section: inout ArchivedSection) {
        guard supported, let base = items.baseAddress else { return }
        // (Where a string of 36 bytes is lent, to see whether it looks like an id.)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)
        defer { scratch.deallocate() }
        for index in range {
            let item = base + index
            if ToDoItem.hasUnknownFields(item) {
                supported = false
                return
            }
            // NS.objects UID, dict, 7 values, id and title strings.
            objects += 11
            unique += 2
            // The item's dictionary, id and title strings.
            var archived: UInt8 = 3
            let titleCount = item.pointee.title.utf8.count
            var itemBytes = Self.itemBytes(title: titleCount, notes: nil, locationName: nil)
            var looksLikeAnID = titleCount == 36 && ToDoItem.lentTitle(item, scratch: scratch).map(Self.looksLikeID) != false
            if let notesCount = item.pointee.notes?.utf8.count {
                looksLikeAnID = looksLikeAnID || notesCount == 36 && ToDoItem.lentNotes(item, scratch: scratch).map(Self.looksLikeID) != false
                itemBytes += Self.itemBytes(title: nil, notes: notesCount, locationName: nil)
                objects += 1
                unique += 1
                archived += 1
            }
            if item.pointee.due != nil { unique += 1 }
            if let nameCount = ToDoItem.locationNameCount(item) {
                looksLikeAnID = looksLikeAnID
                    || nameCount == 36 && ToDoItem.lentLocation(item, scratch: scratch).map({ Self.looksLikeID($0.name) }) != false
                itemBytes += Self.itemBytes(title: nil, notes: nil, locationName: nameCount)
                objects += 6
                unique += 3
                // The location's dictionary and name.
                archived += 2 | ArchivedSection.locationFlag
                section.anyLocation = true
            }
            if looksLikeAnID {
                supported = false
                return
            }
            bytes += itemBytes
            section.largestItem = max(section.largestItem, itemBytes)
            section.objects += Int(archived & ~ArchivedSection.locationFlag)
            counts[index] = archived
        }
    }

    /// At most how many bytes an item's objects take, references not included.
    @inline(__always)
    static func itemBytes(_ item: UnsafePointer<ToDoItem>) -> Int {
        itemBytes(title: item.pointee.title.utf8.count, notes: item.pointee.notes?.utf8.count,
                  locationName: ToDoItem.locationNameCount(item))
    }

    /// The share of ``itemBytes(_:)`` of each part present, by its UTF-8 count: the item
    /// itself with its title (the dictionary, id, UIDs and reals), its notes, its location.
    @inline(__always)
    static func itemBytes(title: Int?, notes: Int?, locationName: Int?) -> Int {
        var bytes = 0
        if let title { bytes += 8 * 10 + 38 + 10 + 2 * title }
        if let notes { bytes += 10 + 2 * notes }
        if let locationName { bytes += 8 * 5 + 10 + 2 * locationName }
        return bytes
    }

    /// 36 bytes with hyphens where a UUID has them (a superset of uppercase ids).
    @inline(__always)
    static func looksLikeID(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.count == 36 && utf8[8] == UInt8(ascii: "-") && utf8[13] == UInt8(ascii: "-")
            && utf8[18] == UInt8(ascii: "-") && utf8[23] == UInt8(ascii: "-")
    }
}

/// A section's archive objects (its items' dictionaries, strings and locations; class
/// descriptions not included), whether any of its items has a location, and at most how
/// many bytes its largest item takes (see ``ArchiveBound/itemBytes(_:)``).
struct ArchivedSection {
    /// Marks an item with a location in the per-item counts.
    static let locationFlag: UInt8 = 0x80

    var objects = 0
    var anyLocation = false
    var largestItem = 0

    mutating func merge(_ other: ArchivedSection) {
        objects += other.objects
        anyLocation = anyLocation || other.anyLocation
        largestItem = max(largestItem, other.largestItem)
    }
}
