extension StoreCoder {
    /// tick's file format: the keyed archive in a binary property list (``KeyedArchive``).
    static let keyedArchive = StoreCoder(
        encode: { list in KeyedArchive.encode(list) },
        decode: { (bytes) throws(ArchiveError) in try KeyedArchive.decode(bytes) },
        preview: { (bytes, limit) throws(ArchiveError) in try KeyedArchive.decodePreview(bytes, itemsPerSection: limit) },
        isXML: { bytes in KeyedArchive.isXML(bytes) }
    )
}
