/// The one place where the store calls the codec (``StoreCoder``): decoding a file's bytes
/// (whole, or the first items of a large list) and encoding a list into the bytes of a file.
extension ToDoStore {
    /// The list a file's bytes hold. An empty file, or bytes that are not a list, are an
    /// unreadable file, which is never written over.
    func decode(_ bytes: [UInt8]) throws(StoreError) -> ToDoList {
        guard !bytes.isEmpty else {
            throw StoreError(
                kind: .unreadable, path: fileURL.path,
                problem: "file is empty — perhaps a full disk left it so; tick will not overwrite it"
            )
        }
        do throws(ArchiveError) {
            return try bytes.withUnsafeBufferPointer { (buffer) throws(ArchiveError) in try coder.decode(buffer) }
        } catch {
            throw StoreError(
                kind: .unreadable, path: fileURL.path,
                problem: "cannot read this file as a to-do list (\(error)); tick will not overwrite it"
            )
        }
    }

    /// The first `itemsPerSection` items of each section and the sections' sizes; nil when
    /// the file cannot be read that way (XML, or a broken file: the whole read says why).
    func decodePreview(_ bytes: [UInt8], itemsPerSection: Int) -> ListPreview? {
        try? bytes.withUnsafeBufferPointer { (buffer) throws(ArchiveError) in try coder.preview(buffer, itemsPerSection) }
    }

    /// The bytes of the file that holds `list`.
    func encode(_ list: ToDoList) -> [UInt8] {
        coder.encode(list)
    }
}
