/// Text as it may be written to a terminal: control characters (C0 but tab, DEL, C1, and
/// so ESC) are shown as escapes (`\u{1B}`) instead of reaching the terminal raw, where
/// they could move the cursor, change colours or retitle the window.
public func terminalSafe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        if isControl(scalar) {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

@inline(__always)
private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 && scalar != "\t" || (0x7F...0x9F).contains(scalar.value)
}
