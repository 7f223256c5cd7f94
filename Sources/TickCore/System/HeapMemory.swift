import Glibc

/// The C library's heap: giving free memory back to the system.
public enum HeapMemory {
    /// `malloc_trim(0)` of glibc, looked up at run time (its header is not part of the
    /// Glibc module): returns whole free pages inside the heap to the system, so that
    /// memory freed after a large read (or save) does not stay resident. Does nothing
    /// where the function is missing.
    public static func trim() {
        guard let trim = mallocTrim else { return }
        _ = trim(0)
    }

    /// Makes every allocation of at least `bytes` a mapping of its own, given back to the
    /// system as soon as it is freed (glibc's `M_MMAP_THRESHOLD`; fixing it also turns off
    /// glibc's habit of raising the threshold to the size of the last large block freed,
    /// after which large blocks stay in the heap once freed), and trims the heap when its
    /// free top exceeds `bytes` (`M_TRIM_THRESHOLD`). Does nothing where `mallopt` is missing.
    public static func returnLargeBlocksAtOnce(threshold bytes: Int32 = 128 * 1024) {
        guard let mallopt else { return }
        _ = mallopt(-3, bytes)  // M_MMAP_THRESHOLD
        _ = mallopt(-1, bytes)  // M_TRIM_THRESHOLD
    }

    /// Asks the kernel to back the whole 2 MiB pages inside a large buffer that was not
    /// touched yet with huge pages (`MADV_HUGEPAGE`): filling 24 MiB of fresh memory
    /// otherwise faults in its 6,000 pages of 4 KiB one at a time. Only a hint.
    public static func preferHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        let page = 2 << 20
        guard buffer.count >= 2 * page, let base = buffer.baseAddress else { return }
        let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(page - 1)
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(first, end - start, MADV_HUGEPAGE)
    }

    private typealias Trim = @convention(c) (Int) -> Int32
    private typealias Option = @convention(c) (Int32, Int32) -> Int32

    private static let mallopt: Option? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: Option.self)
    }()

    private static let mallocTrim: Trim? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
    }()
}
