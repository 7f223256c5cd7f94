extension StoreCoder {
    /// tick's file format: the keyed archive in a binary property list (``KeyedArchive``).
    static let keyedArchive = StoreCoder(
        encode: { list in KeyedArchive.encode(list) },
        decode: { (bytes) throws(ArchiveError) in try KeyedArchive.decode(bytes) },
        decodeInStages: { (bytes, limit, preview) throws(ArchiveError) in try KeyedArchive.decode(bytes, previewItems: limit, preview) },
        isXML: { bytes in KeyedArchive.isXML(bytes) }
    )
}
