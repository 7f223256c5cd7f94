import ArgumentParser
import Glibc
import TickCore

extension Tick {
    /// argument-parser's `main`, with four changes: an unknown command is refused with the
    /// nearest known one (``CommandNames``) before argument-parser sees it, and its error
    /// messages, which quote what was typed, show control characters as escapes
    /// (``VisibleText``) like every other message; the bash completion script completes the
    /// commands' aliases (``CompletionAliases``); and the first change to an XML list says
    /// that the list is now binary.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let problem = CommandNames.problem(in: arguments, subcommands: configuration.subcommands) {
            writeError("tick: \(problem)")
            Glibc.exit(ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            try runNoticingXMLRewrite(&command)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                // Help, --version and completion scripts are output; everything else is an error.
                if code == .success {
                    let isScript = arguments.contains { $0.hasPrefix("--generate-completion-script") }
                    print(isScript ? CompletionAliases.bash(message, root: "tick", subcommands: configuration.subcommands) : message)
                } else {
                    writeError(message)
                }
            }
            Glibc.exit(code.rawValue)
        }
    }

    /// Writes a message to standard error, each line with its control characters escaped.
    private static func writeError(_ message: String) {
        let line = Array((VisibleText.lines(message).joined(separator: "\n") + "\n").utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
