import ArgumentParser
import FoundationEssentials
import Glibc
import TickCore
import TickInterchange

/// A runtime failure of a command (exit status 1), with a message for standard error.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }

    /// How many lists could not be read, after a command printed the others.
    static func unreadableLists(_ count: Int) -> CLIError {
        CLIError("\(count) list\(count == 1 ? "" : "s") cannot be read")
    }
}

/// Runs `body`; a ``CLIError``, ``StoreError``, ``ModelError``, ``InterchangeError`` or ``ListSetError`` is printed as `tick: message`
/// on standard error and turns into exit status 1. Usage errors pass through (status 64).
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as CLIError {
        throw fail(error.description)
    } catch let error as StoreError {
        throw fail(error.description)
    } catch let error as ModelError {
        throw fail(error.description)
    } catch let error as InterchangeError {
        throw fail(error.description)
    } catch let error as ListSetError {
        throw fail(error.description)
    }
}

private func fail(_ message: String) -> ExitCode {
    warn(message)
    return ExitCode.failure
}

/// Writes `tick: message` to standard error, control characters (which a message may quote
/// from an imported file) escaped on each of its lines.
func warn(_ message: String) {
    StandardError.say(message)
}

/// Writes a line to standard output.
func output(_ line: String) {
    print(line)
}
