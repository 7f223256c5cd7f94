import FoundationEssentials
import Glibc
import Synchronization

/// The last quit signal received (SIGTERM, SIGHUP, SIGINT), or 0.
private let receivedQuitSignal = Atomic<Int32>(0)

/// What each fatal signal did before tick took it over (Swift's backtracer, or the
/// default), indexed by signal number; the fatal-signal handler hands the signal on to it.
private let previousFatalActions = Mutex<[sigaction]>([])

/// Signal handlers for the full-screen app.
///
/// Quit signals only set a flag that the run loop checks between keys (it reads keys with a
/// short timeout, and a signal also interrupts the wait), so saving and restoring the
/// terminal happen on the main thread. Fatal signals (crashes, and SIGQUIT, which dumps
/// core) restore the terminal at once and then hand the signal on to what handled it
/// before tick (Swift's backtracer, or the default action), so that a backtrace or a core
/// dump is written on a normal screen instead of inside the full-screen app.
///
/// SIGINT comes only from another process (`kill -INT`): curses keeps the terminal in raw
/// mode, so the Ctrl-C key is a key (0x03) that the key table binds, never this signal.
enum SignalHandling {
    static let quitSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]
    static let fatalSignals: [Int32] = [SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Installs the handlers and unblocks the quit signals (a parent may have blocked them,
    /// and a blocked mask is inherited across exec).
    static func install() {
        receivedQuitSignal.store(0, ordering: .sequentiallyConsistent)
        for signal in quitSignals { setHandler(signal, quitHandler, flags: 0) }
        installAlternateStack()
        var previous = Array(repeating: sigaction(), count: Int((fatalSignals.max() ?? 0) + 1))
        for signal in fatalSignals {
            var old = sigaction()
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = fatalHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_ONSTACK) | Int32(SA_SIGINFO)
            sigaction(signal, &action, &old)
            previous[Int(signal)] = old
            // A signal the parent told tick to ignore (nohup, SIGQUIT in a script) stays ignored.
            if isIgnored(old) { sigaction(signal, &old, nil) }
        }
        previousFatalActions.withLock { $0 = previous }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in quitSignals + [SIGWINCH] { sigaddset(&unblock, signal) }
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Puts back what handled the signals before ``install()``.
    static func uninstall() {
        for signal in quitSignals { Glibc.signal(signal, SIG_DFL) }
        for signal in fatalSignals { restorePreviousAction(signal) }
    }

    /// The quit signal received since ``install()``, if any.
    static var pendingQuitSignal: Int32? {
        let signal = receivedQuitSignal.load(ordering: .sequentiallyConsistent)
        return signal == 0 ? nil : signal
    }

    /// Puts back the action a fatal signal had before tick (the default when unknown, or
    /// when the table is busy: a signal handler must not wait for a lock).
    static func restorePreviousAction(_ signal: Int32) {
        if var action = previousAction(signal), sigaction(signal, &action, nil) == 0 { return }
        Glibc.signal(signal, SIG_DFL)
    }

    private static func previousAction(_ signal: Int32) -> sigaction? {
        let action = previousFatalActions.withLockIfAvailable { actions -> sigaction? in
            actions.indices.contains(Int(signal)) ? actions[Int(signal)] : nil
        }
        return action ?? nil
    }

    /// From the fatal-signal handler, once the terminal is restored: runs the handler that
    /// was there before tick (Swift's backtracer prints its backtrace), then ends the
    /// process with the signal's default action (a core dump for SIGQUIT), which a handler
    /// that returns would not (SIGQUIT sent by `kill` would be forgotten).
    static func handOn(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
        if let previous = previousAction(signal) {
            if previous.sa_flags & Int32(SA_SIGINFO) != 0 {
                previous.__sigaction_handler.sa_sigaction?(signal, info, context)
            } else if let handler = previous.__sigaction_handler.sa_handler,
                      unsafeBitCast(handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) {
                handler(signal)
            }
        }
        Glibc.signal(signal, SIG_DFL)
        // Blocked while this handler runs: delivered, with the default action, as it returns.
        raise(signal)
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        guard action.sa_flags & Int32(SA_SIGINFO) == 0, let handler = action.__sigaction_handler.sa_handler else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// No SA_RESTART for quit signals: a signal may cut the wait for a key short.
    private static func setHandler(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void, flags: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        sigaction(signal, &action, nil)
    }

    /// A stack for the fatal-signal handler, so that it can still run after a stack
    /// overflow. Kept when one is already set up (the Swift runtime's backtracer makes one).
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

/// Restores the terminal first, then hands the signal on (``SignalHandling/handOn(_:_:_:)``).
private func fatalHandler(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    CursesTerminal.emergencyRestore()
    SignalHandling.handOn(signal, info, context)
}
