import Glibc

/// A zeroed table of `words` 64-bit words for the writers' open-addressing tables; large
/// ones on 2 MiB boundaries and marked for huge pages, as probes land anywhere and would
/// otherwise miss the TLB on most lookups. Release it with `free`.
func allocateHashTable(words count: Int) -> UnsafeMutablePointer<UInt64> {
    let bytes = count * MemoryLayout<UInt64>.size
    let hugePage = 2 << 20
    var raw: UnsafeMutableRawPointer?
    if bytes >= hugePage {
        if posix_memalign(&raw, hugePage, bytes) == 0, let raw {
            _ = madvise(raw, bytes, MADV_HUGEPAGE)
        } else {
            raw = nil
        }
    }
    guard let raw else {
        // (Swift's allocator is malloc on Linux, so `free` releases this too.)
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
        table.initialize(repeating: 0, count: count)
        return table
    }
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    return raw.bindMemory(to: UInt64.self, capacity: count)
}
