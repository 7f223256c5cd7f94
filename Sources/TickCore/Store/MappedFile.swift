import Glibc
import Synchronization

/// A regular file mapped read-only into memory, so that a large list is decoded straight
/// from the page cache, without a private copy of its bytes, and the pages already decoded
/// can be given back (``discard(_:)``) while the rest is read.
///
/// Reading a mapped file that another process truncates, or whose disk fails, raises
/// SIGBUS instead of returning an error. While a file is mapped, a SIGBUS handler maps a
/// zero page over the page that could not be read and marks the file ``wasCutShort``;
/// the bytes read from it are then wrong (zeros), so the caller must check that flag after
/// reading and treat the file as unreadable. A SIGBUS anywhere else goes to the handler
/// that was installed before (or the default action).
final class MappedFile: @unchecked Sendable {
    /// The file's bytes; valid while this object lives.
    let bytes: UnsafeBufferPointer<UInt8>
    private let address: UnsafeMutableRawPointer?
    private let slot: Int

    private init(address: UnsafeMutableRawPointer?, count: Int, slot: Int) {
        self.address = address
        self.slot = slot
        bytes = UnsafeBufferPointer(start: address?.assumingMemoryBound(to: UInt8.self), count: count)
    }

    deinit {
        guard let address else { return }
        BusErrorGuard.unregister(slot)
        munmap(address, bytes.count)
    }

    /// True when part of the file could not be read while it was mapped (it was truncated
    /// by another process, or the disk failed): the bytes read may be zeros instead.
    var wasCutShort: Bool { address != nil && BusErrorGuard.faulted(slot) }

    /// Gives back the memory of the pages from the one that holds `range.lowerBound` up to
    /// the one that holds `range.upperBound` (not included): they are read again from the
    /// page cache if they are touched later.
    func discard(_ range: Range<Int>) {
        guard let address else { return }
        let page = BusErrorGuard.pageSize
        let lower = max(range.lowerBound, 0) / page * page
        let upper = min(range.upperBound, bytes.count) / page * page
        guard lower < upper else { return }
        madvise(address + lower, upper - lower, MADV_DONTNEED)
    }

    /// The outcome of mapping a file.
    enum Result {
        case missing
        case mapped(MappedFile)
        /// The file could not be mapped (an unusual file system); read it instead.
        case unmappable
        case failure(kind: StoreError.Kind, message: String)
    }

    /// Maps a whole regular file; a missing file is `.missing`, anything else that goes
    /// wrong (a directory, permissions, an I/O error) is a failure with a message. With
    /// `populate`, every page is mapped at once (one call instead of a fault per folio),
    /// for a file that will be read whole.
    static func map(_ path: String, populate: Bool = false) -> Result {
        withRegularFile(path, missing: .missing, failure: { .failure(kind: $0, message: $1) }) { fd, size in
            // An empty file (what a full disk may leave) maps to no bytes; so does a file that
            // claims no size but may have some (as in /proc), which is read instead.
            guard size > 0 else { return .unmappable }
            guard let slot = BusErrorGuard.reserveSlot() else { return .unmappable }
            guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE | (populate ? MAP_POPULATE : 0), fd, 0), address != MAP_FAILED else {
                BusErrorGuard.unregister(slot)
                return .unmappable
            }
            BusErrorGuard.register(slot, start: UInt(bitPattern: address), count: size)
            return .mapped(MappedFile(address: address, count: size, slot: slot))
        }
    }
}

/// The SIGBUS handler's table of mapped files: where each lies and whether a page of it
/// could not be read. Written under a lock by the threads that map files; read by the
/// handler, which takes no lock (word-sized loads of memory that is never freed).
enum BusErrorGuard {
    static let slotCount = 64
    static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)

    /// Per slot: start address (0: free), end address, faulted flag, reserved flag.
    nonisolated(unsafe) fileprivate static let table: UnsafeMutablePointer<UInt> = {
        let table = UnsafeMutablePointer<UInt>.allocate(capacity: 4 * slotCount)
        table.initialize(repeating: 0, count: 4 * slotCount)
        return table
    }()
    /// The SIGBUS action that was in place before ours.
    nonisolated(unsafe) fileprivate static let previous: UnsafeMutablePointer<sigaction> = {
        let action = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
        action.initialize(to: sigaction())
        return action
    }()
    private static let lock = Mutex(())

    /// A free slot, with the handler installed; nil when all are taken.
    static func reserveSlot() -> Int? {
        _ = pageSize
        return lock.withLock { _ in
            guard let slot = (0..<slotCount).first(where: { table[4 * $0 + 3] == 0 }) else { return nil }
            table[4 * slot + 3] = 1
            installHandler()
            return slot
        }
    }

    static func register(_ slot: Int, start: UInt, count: Int) {
        lock.withLock { _ in
            table[4 * slot + 2] = 0
            table[4 * slot + 1] = start + UInt(count)
            table[4 * slot] = start
        }
    }

    static func unregister(_ slot: Int) {
        lock.withLock { _ in
            table[4 * slot] = 0
            table[4 * slot + 1] = 0
            table[4 * slot + 2] = 0
            table[4 * slot + 3] = 0
        }
    }

    static func faulted(_ slot: Int) -> Bool {
        lock.withLock { _ in table[4 * slot + 2] != 0 }
    }

    /// Installs ``busErrorHandler`` unless it is the current SIGBUS action, remembering the
    /// action it replaces (another part of tick may have installed its own since).
    private static func installHandler() {
        var current = sigaction()
        sigaction(SIGBUS, nil, &current)
        let ours = unsafeBitCast(busErrorHandler as @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void, to: UnsafeRawPointer.self)
        if current.sa_flags & SA_SIGINFO != 0,
           let installed = current.__sigaction_handler.sa_sigaction,
           unsafeBitCast(installed, to: UnsafeRawPointer.self) == ours {
            return
        }
        previous.pointee = current
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = busErrorHandler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO | SA_NODEFER
        sigaction(SIGBUS, &action, nil)
    }
}

/// Replaces the page that could not be read with a zero page and marks its file, when the
/// fault lies in a mapped list file; otherwise puts back the previous action, which takes
/// the signal when the faulting access runs again (or at once for a signal that was sent).
private func busErrorHandler(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    let table = BusErrorGuard.table
    if let info, info.pointee.si_code > 0, let address = info.pointee._sifields._sigfault.si_addr {
        let value = UInt(bitPattern: address)
        for slot in 0..<BusErrorGuard.slotCount {
            let start = table[4 * slot]
            guard start != 0, value >= start, value < table[4 * slot + 1] else { continue }
            let page = value & ~UInt(BusErrorGuard.pageSize - 1)
            let zero = mmap(UnsafeMutableRawPointer(bitPattern: page), BusErrorGuard.pageSize, PROT_READ,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            if zero != MAP_FAILED {
                table[4 * slot + 2] = 1
                return
            }
        }
    }
    sigaction(SIGBUS, BusErrorGuard.previous, nil)
    if let info, info.pointee.si_code <= 0 { raise(signal) }
}

