/// The one place where the store calls the codec (``StoreCoder``): decoding a file's bytes
/// (whole, or the first items of a large list) and encoding a list into the bytes of a file.
extension ToDoStore {
    /// The list a file's bytes hold; with `itemsPerSection`, read in two steps, the first
    /// items of each section handed to `preview` first (``StoreCoder/decodeInStages``). An
    /// empty file, or bytes that are not a list, are an unreadable file, which is never
    /// written over.
    func decode(
        _ bytes: [UInt8], itemsPerSection: Int? = nil, preview: (ListPreview) -> Void = { _ in }
    ) throws(StoreError) -> ToDoList {
        guard !bytes.isEmpty else {
            throw StoreError(
                kind: .unreadable, path: fileURL.path,
                problem: "file is empty — perhaps a full disk left it so; tick will not overwrite it"
            )
        }
        do throws(ArchiveError) {
            return try bytes.withUnsafeBufferPointer { (buffer) throws(ArchiveError) in
                guard let itemsPerSection else { return try coder.decode(buffer) }
                return try coder.decodeInStages(buffer, itemsPerSection, preview)
            }
        } catch {
            throw StoreError(
                kind: .unreadable, path: fileURL.path,
                problem: "cannot read this file as a to-do list (\(error)); tick will not overwrite it"
            )
        }
    }

    /// The bytes of the file that holds `list`.
    func encode(_ list: ToDoList) -> [UInt8] {
        coder.encode(list)
    }
}
