import Glibc

/// tick's one writer to standard error.
public enum StandardError {
    /// Writes `tick: message`, control characters (which a message may quote from an
    /// imported file, or from another program's output) escaped on each of its lines.
    public static func say(_ message: String) {
        let visible = VisibleText.lines(message).joined(separator: "\n")
        let line = Array("tick: \(visible)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
