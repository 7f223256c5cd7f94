/// tick's file format: a keyed archive (as NSKeyedArchiver writes it) in a binary
/// property list. See docs/file-format.md; the schema is ``ArchiveSchema``.
public enum KeyedArchive {
    /// The newest `formatVersion` this tick reads and the one it writes.
    public static let formatVersion = 1

    /// Archives a list as a binary property list. Unknown fields are written back.
    public static func encode(_ list: ToDoList) -> [UInt8] {
        KeyedArchiveEncoder.encode(list)
    }

    /// Archives a list into `sink`, piece by piece.
    static func encode(_ list: ToDoList, into sink: inout some ByteSink) {
        KeyedArchiveEncoder.encode(list, into: &sink)
    }

    /// Reads a list from a binary (or XML) property list keyed archive.
    ///
    /// Every object of a binary file is checked, also those the list does not use. Accepts
    /// what Apple's archiver writes for the same values: NSMutableArray, NSMutableString,
    /// numbers inline or by UID, integers for reals, nil as an absent key or UID 0,
    /// unreferenced objects. Keys tick does not know are kept in the model's `unknownFields`.
    public static func decode(_ bytes: [UInt8]) throws(ArchiveError) -> ToDoList {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ArchiveError) -> ToDoList in try decode(buffer) }
    }

    /// ``decode(_:)`` of bytes in memory tick does not own.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(ArchiveError) -> ToDoList {
        guard let converted = try binaryFromXML(bytes) else {
            var decoder = KeyedArchiveDecoder(view: try checkedView(bytes))
            return try decoder.decode()
        }
        return try converted.withUnsafeBufferPointer { (buffer) throws(ArchiveError) in try decode(buffer) }
    }

    /// The binary form of an XML property list; nil when the bytes are a binary one. Empty
    /// bytes, or bytes that are neither, are an error.
    static func binaryFromXML(_ bytes: UnsafeBufferPointer<UInt8>) throws(ArchiveError) -> [UInt8]? {
        guard !bytes.isEmpty else {
            throw ArchiveError(.emptyFile, "the file is empty (0 bytes); a saved list is never empty, so it was probably cut short")
        }
        if isBinary(bytes) { return nil }
        guard XMLPropertyListReader.looksLikeXML(bytes) else {
            throw ArchiveError(.propertyList(PropertyListError(.unknownFormat, at: 0, "not a property list")), at: 0,
                               "the file is neither a binary (bplist00) nor an XML property list")
        }
        do throws(PropertyListError) {
            return BinaryPropertyListWriter.encode(try XMLPropertyListReader.parse(Array(bytes)))
        } catch {
            throw ArchiveError(error)
        }
    }

    /// Reads a list in two steps: first the first `limit` items of each section of a
    /// binary archive, with the number of items each section holds, handed to `preview`
    /// (enough to draw the first screen of a large list), then the whole list, which it
    /// returns. The file is checked once, before the preview; an XML file has no preview.
    public static func decode(
        _ bytes: [UInt8], previewItems limit: Int, _ preview: (ListPreview) -> Void
    ) throws(ArchiveError) -> ToDoList {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ArchiveError) in try decode(buffer, previewItems: limit, preview) }
    }

    /// ``decode(_:previewItems:_:)`` of bytes in memory tick does not own.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, previewItems limit: Int, _ preview: (ListPreview) -> Void
    ) throws(ArchiveError) -> ToDoList {
        guard isBinary(bytes) else { return try decode(bytes) }
        let view = try checkedView(bytes)
        do {  // (The preview's decoder is gone before the whole list's is made.)
            var first = KeyedArchiveDecoder(view: view)
            first.itemLimit = max(limit, 0)
            let start = try first.decode()
            preview(ListPreview(list: start, toDoCount: first.sectionSizes.toDo, doneCount: first.sectionSizes.done))
        }
        var whole = KeyedArchiveDecoder(view: view)
        return try whole.decode()
    }

    /// Whether the bytes are an XML property list (see ``XMLPropertyListReader/looksLikeXML(_:)``)
    /// rather than a binary one.
    public static func isXML(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !isBinary(bytes) && XMLPropertyListReader.looksLikeXML(bytes)
    }

    private static func isBinary(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 8 && bytes[0] == UInt8(ascii: "b") && bytes[1] == UInt8(ascii: "p")
    }

    /// A view of a binary property list, every object of which has been checked.
    static func checkedView(_ bytes: UnsafeBufferPointer<UInt8>) throws(ArchiveError) -> BinaryPropertyListView {
        do throws(PropertyListError) {
            return try BinaryPropertyListView(bytes)
        } catch {
            throw ArchiveError(error)
        }
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
