/// What a command is done with but the process need not free before it exits.
///
/// At exit the kernel takes the whole address space back at once, whereas releasing a
/// large list frees its strings one by one (for 100,000 items, longer than printing them).
/// A command that ends with such a list hands it here instead of letting it go.
enum ProcessLifetime {
    /// Keeps `value` allocated until the process exits: it is deliberately never released.
    static func keepUntilExit<T>(_ value: T) {
        _ = Unmanaged.passRetained(Kept(value))
    }

    private final class Kept<T> {
        let value: T
        init(_ value: T) { self.value = value }
    }
}
