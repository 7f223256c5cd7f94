import TickCore

/// Word wrapping by display width.
enum TextWrap {
    /// ``lines(_:width:limit:)``, with the last line ending in `ellipsis` when the text
    /// goes on past `limit` lines.
    static func lines(_ text: String, width: Int, limit: Int, ellipsis: String) -> [String] {
        guard limit > 0, limit < .max else { return lines(text, width: width, limit: limit) }
        var result = lines(text, width: width, limit: limit + 1)
        guard result.count > limit else { return result }
        result.removeLast()
        let last = result.removeLast()
        result.append(Screen.fitting(last + ellipsis, width: width, ellipsis: ellipsis))
        return result
    }

    /// The text's lines at most `width` columns wide, breaking at spaces where it can and
    /// inside words longer than a line; line breaks start new lines. Each line is in its
    /// visible form (``VisibleText/line(_:)``), so that widths are those drawn. Stops after
    /// `limit` lines.
    static func lines(_ text: String, width: Int, limit: Int = .max) -> [String] {
        guard width > 0, limit > 0 else { return [] }
        var result: [String] = []
        for paragraph in VisibleText.lines(text) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                let wordWidth = DisplayWidth.of(String(word))
                if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 {
                    result.append(line)
                    if result.count >= limit { return result }
                    line = ""
                    lineWidth = 0
                }
                // A word longer than a line is cut into pieces.
                for character in word {
                    let w = DisplayWidth.of(character)
                    if lineWidth + w > width {
                        result.append(line)
                        if result.count >= limit { return result }
                        line = ""
                        lineWidth = 0
                    }
                    line.append(character)
                    lineWidth += w
                }
            }
            result.append(line)
            if result.count >= limit { return result }
        }
        return result
    }
}
