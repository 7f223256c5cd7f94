extension StoreCoder {
    /// tick's file format: the keyed archive in a binary property list (``KeyedArchive``).
    static let keyedArchive = StoreCoder(
        encode: { list in KeyedArchive.encode(list) },
        decode: { bytes in try KeyedArchive.decode(bytes) }
    )
}
