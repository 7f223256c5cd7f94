import Glibc

extension StoreCoder {
    /// tick's file format: the keyed archive in a binary property list (``KeyedArchive``).
    static let keyedArchive = StoreCoder(
        encode: { list in KeyedArchive.encode(list) },
        stream: { list, descriptor in
            var file = ArchiveFile(descriptor: descriptor)
            switch KeyedArchiveDirectEncoder.write(list, to: &file) {
            case .written: return true
            case .failed:
                if let failure = file.failure { errno = failure }
                return false
            case .unsupported: return nil
            }
        }
    )
}
