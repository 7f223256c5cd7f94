/// The one place where the store calls the codec (``KeyedArchive``): decoding a file's
/// bytes (whole, the first items of a large list first, or one item at a time) and encoding
/// a list into the bytes of a file. An empty file, or bytes that are not a list, are an
/// unreadable file, which is never written over.
extension ToDoStore {
    /// The list a file's bytes hold; with `itemsPerSection`, read in two steps, the first
    /// items of each section handed to `preview` first
    /// (``KeyedArchive/decode(_:previewItems:_:)``).
    func decode(
        _ bytes: [UInt8], itemsPerSection: Int? = nil, preview: (ListPreview) -> Void = { _ in }
    ) throws(StoreError) -> ToDoList {
        try requireContent(bytes)
        do throws(ArchiveError) {
            return try bytes.withUnsafeBufferPointer { (buffer) throws(ArchiveError) in
                guard let itemsPerSection else { return try KeyedArchive.decode(buffer) }
                return try KeyedArchive.decode(buffer, previewItems: itemsPerSection, preview)
            }
        } catch {
            throw unreadable(error)
        }
    }

    /// The list's items as the file holds them now, to read one at a time without holding
    /// the list (``StoredItems``). The file is read and checked whole here. Takes no lock.
    public func items() throws(StoreError) -> StoredItems {
        guard let bytes = try file.read(file.resolved()) else { return StoredItems(archived: nil, store: self) }
        try requireContent(bytes)
        do throws(ArchiveError) {
            return StoredItems(archived: try ArchivedItems(bytes), store: self)
        } catch {
            throw unreadable(error)
        }
    }

    /// Writes the bytes of the file that holds `list` to `sink`.
    func encode(_ list: ToDoList, into sink: inout some ByteSink) {
        KeyedArchive.encode(list, into: &sink)
    }

    private func requireContent(_ bytes: [UInt8]) throws(StoreError) {
        guard bytes.isEmpty else { return }
        throw StoreError(
            kind: .unreadable, path: fileURL.path,
            problem: "file is empty — perhaps a full disk left it so; tick will not overwrite it"
        )
    }

    func unreadable(_ error: ArchiveError) -> StoreError {
        StoreError(
            kind: .unreadable, path: fileURL.path,
            problem: "cannot read this file as a to-do list (\(error)); tick will not overwrite it"
        )
    }
}

extension ToDoStore {
    /// One item as the bytes of a list holding only it (the undo journal keeps a removed
    /// item so, with every field a file holds, also those of a newer tick).
    static func encodeItem(_ item: ToDoItem) -> [UInt8] {
        // (A list of one item cannot repeat an id.)
        var list = ToDoList()
        try? list.add(item)
        return KeyedArchive.encode(list)
    }

    /// The one item that ``encodeItem(_:)`` wrote; nil when the bytes do not hold one.
    static func decodeItem(_ bytes: [UInt8]) -> ToDoItem? {
        guard let list = try? KeyedArchive.decode(bytes), list.count == 1 else { return nil }
        return list.allItems.first
    }
}
