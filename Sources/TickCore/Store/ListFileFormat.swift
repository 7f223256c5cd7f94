import FoundationEssentials
import Glibc

/// Which kind of property list a list file holds. tick reads both and always writes
/// binary, so an XML file (hand-edited, or converted with `plutil -convert xml1`) becomes
/// binary on the first change: the CLI and the app say so when that happens.
public enum ListFileFormat: Sendable, Hashable {
    case binary
    case xml

    /// The format of the file at `url`, from its first bytes (as the store tells them
    /// apart); nil when there is no file, it is not a regular file, or it cannot be read.
    /// Never waits: a FIFO is opened without blocking and then passed over.
    public static func of(fileAt url: URL) -> ListFileFormat? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var head = [UInt8](repeating: 0, count: 64)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return head.withUnsafeBufferPointer { buffer in
            KeyedArchive.isXML(UnsafeBufferPointer(rebasing: buffer.prefix(count))) ? .xml : .binary
        }
    }

    /// What to tell the user once a change rewrote an XML list as binary.
    public static func rewriteNotice(fileName: String) -> String {
        "\(fileName) was an XML property list; tick saved it as binary (tick writes only binary)"
    }
}
