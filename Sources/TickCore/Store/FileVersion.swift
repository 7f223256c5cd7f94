import Glibc

/// What `stat` says about the list file, to notice that another process replaced it.
///
/// Every save renames a new file over the old one, so the inode changes on each save; size
/// and modification time catch editors that write in place.
public struct FileVersion: Sendable, Hashable, Codable {
    public let device: UInt64
    public let inode: UInt64
    public let size: Int64
    /// Modification time in nanoseconds since 1970.
    public let modificationNanoseconds: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, modificationNanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modificationNanoseconds = modificationNanoseconds
    }

    /// The version `stat` describes.
    init(_ info: stat) {
        self.init(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modificationNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        )
    }
}
