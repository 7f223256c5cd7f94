/// A list file's items, read one at a time from its bytes and never held together: for
/// printing a large list with little memory.
///
/// The bytes are checked whole once, when this is made (an XML list is converted first).
/// Each ``forEach(_:)`` reads the items again from them, checked as ``KeyedArchive/decode(_:)``
/// checks them, so a caller can let a first pass find any bad item before it prints one.
public struct ArchivedItems: Sendable {
    /// A binary property list, every object of which was checked.
    private let bytes: [UInt8]
    private let trailer: BinaryPropertyListTrailer

    public init(_ bytes: [UInt8]) throws(ArchiveError) {
        let binary = try bytes.withUnsafeBufferPointer { (buffer) throws(ArchiveError) in try KeyedArchive.binaryFromXML(buffer) } ?? bytes
        trailer = try binary.withUnsafeBufferPointer { (buffer) throws(ArchiveError) in try KeyedArchive.checkedView(buffer).trailer }
        self.bytes = binary
    }

    /// Reads the items, To Do first, and hands each to `body` until it returns false; a bad
    /// item, or (once all were read) a repeated id, is the error ``KeyedArchive/decode(_:)``
    /// gives. Returns how many items each section holds.
    @discardableResult
    public func forEach(
        _ body: (ToDoList.Section, borrowing ToDoItem) -> Bool
    ) throws(ArchiveError) -> (toDo: Int, done: Int) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ArchiveError) in
            var decoder = KeyedArchiveDecoder(view: BinaryPropertyListView(alreadyChecked: buffer, trailer: trailer))
            return try decoder.forEachItem(body)
        }
    }
}
