/// The codec the store reads and writes list files with: the one place the store calls it.
///
/// The store always uses ``keyedArchive``; tests may substitute another coder to exercise
/// the file mechanics on their own.
struct StoreCoder: Sendable {
    /// The bytes of the file that holds `list`.
    var encode: @Sendable (_ list: ToDoList) -> [UInt8]
    /// The list a file's bytes hold; bad bytes are an ``ArchiveError`` naming the problem
    /// and, where it applies, its byte offset.
    var decode: @Sendable (_ bytes: UnsafeBufferPointer<UInt8>) throws(ArchiveError) -> ToDoList
    /// The first `itemsPerSection` items of each section and the sections' sizes, to draw
    /// a large list's first screen while the rest is read; nil for an XML file. The whole
    /// file is checked first, so a bad file is the same error as from ``decode``.
    var preview: @Sendable (_ bytes: UnsafeBufferPointer<UInt8>, _ itemsPerSection: Int) throws(ArchiveError) -> ListPreview?
    /// Whether the bytes are an XML property list (a hand-edited list), which tick reads
    /// but always replaces with a binary one when it saves.
    var isXML: @Sendable (_ bytes: UnsafeBufferPointer<UInt8>) -> Bool
}
