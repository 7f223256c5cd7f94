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
    /// ``decode`` in two steps: first the first `itemsPerSection` items of each section and
    /// the sections' sizes, handed to `preview` to draw a large list's first screen (not
    /// for an XML file), then the whole list. The file is checked whole before the preview.
    var decodeInStages: @Sendable (
        _ bytes: UnsafeBufferPointer<UInt8>, _ itemsPerSection: Int, _ preview: (ListPreview) -> Void
    ) throws(ArchiveError) -> ToDoList
    /// Whether the bytes are an XML property list (a hand-edited list), which tick reads
    /// but always replaces with a binary one when it saves.
    var isXML: @Sendable (_ bytes: UnsafeBufferPointer<UInt8>) -> Bool
}
