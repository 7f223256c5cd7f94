/// A small file of tick's own (the full-screen app's remembered view) replaced whole, by the
/// list's own primitive (``ListFile/replace(_:beforeRename:contents:)``): a temporary file
/// beside it, fsynced, renamed over it, the directory fsynced. Its directory is made (0700)
/// when missing. A crash leaves the old file or the new one, never a part.
public enum DurableFile {
    public static func write(_ bytes: [UInt8], to path: String) throws(StoreError) {
        let file = ListFile(path: path)
        try file.createDirectory()
        try file.replace(file.resolved(), beforeRename: nil) { sink in
            bytes.withUnsafeBufferPointer { sink.write($0) }
        }
    }
}
