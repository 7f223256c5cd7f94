import FoundationEssentials
import Glibc
import Synchronization

/// The last quit signal received (SIGTERM, SIGHUP, SIGINT), or 0.
private let receivedQuitSignal = Atomic<Int32>(0)

/// Signal handlers for the full-screen app.
///
/// Quit signals only set a flag that the run loop checks between keys (it reads keys with a
/// short timeout, and a signal also interrupts the wait), so saving and restoring the
/// terminal happen on the main thread. Crash signals restore the terminal at once and then
/// die with the default action.
enum SignalHandling {
    static let quitSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Installs the handlers and unblocks the quit signals (a parent may have blocked them,
    /// and a blocked mask is inherited across exec).
    static func install() {
        receivedQuitSignal.store(0, ordering: .sequentiallyConsistent)
        for signal in quitSignals { setHandler(signal, quitHandler, flags: 0) }
        installAlternateStack()
        for signal in crashSignals { setHandler(signal, crashHandler, flags: Int32(SA_ONSTACK) | Int32(bitPattern: UInt32(SA_RESETHAND))) }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in quitSignals + [SIGWINCH] { sigaddset(&unblock, signal) }
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Puts back the default actions.
    static func uninstall() {
        for signal in quitSignals + crashSignals { Glibc.signal(signal, SIG_DFL) }
    }

    /// The quit signal received since ``install()``, if any.
    static var pendingQuitSignal: Int32? {
        let signal = receivedQuitSignal.load(ordering: .sequentiallyConsistent)
        return signal == 0 ? nil : signal
    }

    /// No SA_RESTART for quit signals: a signal may cut the wait for a key short.
    private static func setHandler(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void, flags: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        sigaction(signal, &action, nil)
    }

    /// A stack for the crash handler, so that it can still run after a stack overflow.
    /// Kept when one is already set up (the Swift runtime's backtracer makes one).
    private static func installAlternateStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 64 * 1024
        guard let memory = malloc(size) else { return }
        var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
        if sigaltstack(&stack, nil) != 0 { free(memory) }
    }
}

private func quitHandler(_ signal: Int32) {
    receivedQuitSignal.store(signal, ordering: .sequentiallyConsistent)
}

private func crashHandler(_ signal: Int32) {
    CursesTerminal.emergencyRestore()
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}
