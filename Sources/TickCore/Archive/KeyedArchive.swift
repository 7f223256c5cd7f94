/// tick's file format: a keyed archive (as NSKeyedArchiver writes it) in a binary
/// property list. See docs/file-format.md for the schema.
public enum KeyedArchive {
    /// The newest `formatVersion` this tick reads and the one it writes.
    public static let formatVersion = 1

    /// Archives a list as a binary property list, in NSKeyedArchiver's object order and
    /// CoreFoundation's byte layout. Unknown fields are written back.
    public static func encode(_ list: ToDoList) -> [UInt8] {
        var encoder = KeyedArchiveEncoder(list)
        return encoder.encode()
    }

    /// Reads a list from a binary (or XML) property list keyed archive.
    ///
    /// Accepts what Apple's archiver writes for the same values: NSMutableArray,
    /// NSMutableString, numbers inline or by UID, integers for reals, nil as an absent key
    /// or UID 0, unreferenced objects. Keys tick does not know are kept in the model's
    /// `unknownFields`.
    public static func decode(_ bytes: [UInt8]) throws(ArchiveError) -> ToDoList {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ArchiveError) -> ToDoList in
            try decode(buffer, discarding: nil)
        }
    }

    /// ``decode(_:)`` of bytes in memory tick does not own (a mapped file). `discard`, when
    /// given, is told byte ranges of `bytes` that the decoder has finished with, as it goes,
    /// so that their memory can be given back; the decoder may still read them again later
    /// (shared strings), so they must stay readable.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, discarding discard: (@Sendable (Range<Int>) -> Void)?
    ) throws(ArchiveError) -> ToDoList {
        guard !bytes.isEmpty else {
            throw ArchiveError(.emptyFile, "the file is empty (0 bytes); a saved list is never empty, so it was probably cut short")
        }
        if bytes.count >= 8, bytes[0] == UInt8(ascii: "b"), bytes[1] == UInt8(ascii: "p") {
            var sizes = (toDo: 0, done: 0)
            return try decodeBinary(bytes, itemLimit: .max, sizes: &sizes, discard: discard)
        }
        if looksLikeXML(bytes) {
            let tree: PropertyListValue
            do throws(PropertyListError) {
                tree = try XMLPropertyListReader.parse(Array(bytes))
            } catch {
                throw ArchiveError(error)
            }
            return try decode(BinaryPropertyListWriter.encode(tree))
        }
        throw ArchiveError(.propertyList(PropertyListError(.unknownFormat, at: 0, "not a property list")), at: 0,
                           "the file is neither a binary (bplist00) nor an XML property list")
    }

    /// The first `limit` items of each section of a binary archive, with the number of
    /// items each section holds: enough to draw the first screen of a large list while the
    /// rest is read. Checks the file's structure and the items it reads, not the others;
    /// nil for an XML file (read it whole).
    public static func decodePreview(_ bytes: [UInt8], itemsPerSection limit: Int) throws(ArchiveError) -> ListPreview? {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ArchiveError) -> ListPreview? in
            try decodePreview(buffer, itemsPerSection: limit)
        }
    }

    /// ``decodePreview(_:itemsPerSection:)`` of bytes in memory tick does not own.
    static func decodePreview(_ bytes: UnsafeBufferPointer<UInt8>, itemsPerSection limit: Int) throws(ArchiveError) -> ListPreview? {
        guard bytes.count >= 8, bytes[0] == UInt8(ascii: "b"), bytes[1] == UInt8(ascii: "p") else { return nil }
        var sizes = (toDo: 0, done: 0)
        let list = try decodeBinary(bytes, itemLimit: max(limit, 0), sizes: &sizes, discard: nil)
        return ListPreview(list: list, toDoCount: sizes.toDo, doneCount: sizes.done)
    }

    private static func decodeBinary(
        _ base: UnsafeBufferPointer<UInt8>, itemLimit: Int, sizes: inout (toDo: Int, done: Int),
        discard: (@Sendable (Range<Int>) -> Void)?
    ) throws(ArchiveError) -> ToDoList {
        let view: BinaryPropertyListView
        do throws(PropertyListError) {
            view = try BinaryPropertyListView(base)
        } catch {
            throw ArchiveError(error)
        }
        var decoder = KeyedArchiveDecoder(view: view)
        decoder.itemLimit = itemLimit
        decoder.discard = discard
        let list = try decoder.decode()
        sizes = decoder.sectionSizes
        return list
    }

    /// After an optional byte-order mark and whitespace, the file starts with `<`.
    static func looksLikeXML(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "<")
    }
}

/// The start of a list: the first items of each section and how many each holds in all.
public struct ListPreview: Sendable, Hashable {
    /// The first items of each section (all of them when a section is short).
    public let list: ToDoList
    public let toDoCount: Int
    public let doneCount: Int

    public init(list: ToDoList, toDoCount: Int, doneCount: Int) {
        self.list = list
        self.toDoCount = toDoCount
        self.doneCount = doneCount
    }

    /// True when every item of both sections was read.
    public var isComplete: Bool { list.toDoItems.count == toDoCount && list.doneItems.count == doneCount }
}
