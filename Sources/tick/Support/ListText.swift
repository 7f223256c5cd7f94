import FoundationEssentials
import TickCore
import TickInterchange

/// The human list, one line per item: position, box, title, due date, location. Written
/// through ``ByteWriter`` (as `list --json` and every export are): the lines are bytes
/// appended to one buffer, with no `String` built per line. Titles and locations go out
/// as ``VisibleText`` shows them (the item's own string when nothing needs escaping).
struct ListText {
    /// The list the rows come from.
    let list: ToDoList
    /// The rows: positions in the list, counted from 1, To Do first, then Done.
    let positions: [Int]
    let now: Date
    var calendar: LocalTime = .current
    /// How overdue and due-today dates are coloured on a terminal; nil for none (a pipe,
    /// `NO_COLOR`).
    var colors: DueColors? = nil
    /// Whether subtasks are indented under their parent; not in a sorted To Do, where a
    /// subtask need not follow its parent.
    var indentsSubtasks = true

    /// The location column is cut to this many columns on a terminal.
    static let maximumLocationWidth = 20

    /// The columns each item is indented by (2 per parent above it in its section), by
    /// position − 1, To Do then Done, in one pass; nil when none is.
    private func indents() -> [Int]? {
        let isSubtask = { (item: ToDoItem) in item.parent != nil }
        guard indentsSubtasks, list.toDoItems.contains(where: isSubtask) || list.doneItems.contains(where: isSubtask) else { return nil }
        var depths = SubtaskDepths()
        return list.toDoItems.map { 2 * depths.next($0, in: .toDo) } + list.doneItems.map { 2 * depths.next($0, in: .done) }
    }

    /// Calls `body` with the item at a position (borrowed, not copied) and whether it is done.
    private func row<Result, Failure: Error>(
        _ position: Int, _ body: (ToDoItem, Bool) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let toDoCount = list.toDoItems.count
        if position <= toDoCount { return try body(list.toDoItems[position - 1], false) }
        return try body(list.doneItems[position - 1 - toDoCount], true)
    }

    /// Writes the lines. With a `width` (a terminal's), columns line up by display width
    /// and every line fits: the title is cut with `…`, the location column goes when the
    /// title would get narrower than 12 columns, then the due column below 8. Without one
    /// (a pipe), each line is its fields joined plainly, nothing padded or cut.
    func write(width: Int?, to writer: inout ByteWriter) throws(InterchangeError) {
        let today = calendar.fields(of: now)
        let indents = indents()
        func indent(_ position: Int) -> Int { indents?[position - 1] ?? 0 }
        guard let width else {
            for position in positions {
                let indent = indent(position)
                try row(position) { (item, done) throws(InterchangeError) in
                    Self.writePlainLine(item, position: position, done: done, indent: indent, today: today, now: now, calendar: calendar,
                                        to: &writer)
                    try writer.flushIfFull()
                }
            }
            return try writer.flush()
        }

        // First pass: the columns' widths. The due texts are kept (ASCII, one column per
        // byte), each row's as a range of `dues`.
        var dues = ByteWriter()
        var dueEnds: [Int] = []
        dueEnds.reserveCapacity(positions.count)
        var titleWidths: [Int] = []
        titleWidths.reserveCapacity(positions.count)
        var dueStates: [DueState?] = []
        dueStates.reserveCapacity(colors == nil ? 0 : positions.count)
        var dueWidth = 0
        var locationWidth = 0
        for position in positions {
            row(position) { item, done in
                let start = dues.count
                let state = Self.writeDue(item, done: done, today: today, now: now, calendar: calendar, after: "", to: &dues)
                if colors != nil { dueStates.append(state) }
                dueEnds.append(dues.count)
                dueWidth = max(dueWidth, dues.count - start)
                titleWidths.append(indent(position) + DisplayWidth.of(VisibleText.line(item.title)))
                if let location = item.location { locationWidth = max(locationWidth, DisplayWidth.of(VisibleText.line(location.name))) }
            }
        }
        let positionWidth = positions.max().map(Self.digits) ?? 0
        locationWidth = min(locationWidth, Self.maximumLocationWidth)
        let titleStart = positionWidth + 5
        func available() -> Int {
            width - titleStart - (dueWidth > 0 ? dueWidth + 2 : 0) - (locationWidth > 0 ? locationWidth + 2 : 0)
        }
        if locationWidth > 0, available() < 12 { locationWidth = 0 }
        if dueWidth > 0, available() < 8 { dueWidth = 0 }
        let titleLimit = max(available(), 1)
        var titleWidth = 0
        for (index, position) in positions.enumerated() {
            let full = titleWidths[index]
            let indent = indent(position)
            let cut = full <= titleLimit ? full
                : indent + row(position) { item, _ in Self.truncatedWidth(VisibleText.line(item.title), toWidth: max(titleLimit - indent, 1)) }
            titleWidths[index] = cut
            titleWidth = max(titleWidth, cut)
        }

        // Second pass: the lines.
        for (index, position) in positions.enumerated() {
            try row(position) { (item, done) throws(InterchangeError) in
                let lineStart = writer.count
                for _ in 0..<(positionWidth - Self.digits(position)) { writer.byte(UInt8(ascii: " ")) }
                writer.integer(Int64(position))
                let indent = indent(position)
                writer.byte(UInt8(ascii: " "))
                for _ in 0..<indent { writer.byte(UInt8(ascii: " ")) }
                writer.ascii(done ? "[x] " : "[ ] ")
                Self.writeTruncated(VisibleText.line(item.title), toWidth: max(titleLimit - indent, 1), to: &writer)
                var lineWidth = titleStart + titleWidth
                for _ in titleWidths[index]..<titleWidth { writer.byte(UInt8(ascii: " ")) }
                if dueWidth > 0 {
                    let due = (index == 0 ? 0 : dueEnds[index - 1])..<dueEnds[index]
                    writer.ascii("  ")
                    let color = colors?.sequence(for: dueStates[index])
                    if let color { writer.text(color) }
                    writer.append(dues, range: due)
                    if color != nil { writer.ascii(DueColors.reset) }
                    for _ in due.count..<dueWidth { writer.byte(UInt8(ascii: " ")) }
                    lineWidth += dueWidth + 2
                }
                if locationWidth > 0 {
                    writer.ascii("  ")
                    let name = item.location.map { VisibleText.line($0.name) } ?? ""
                    lineWidth += 2 + Self.writeTruncated(name, toWidth: locationWidth, to: &writer)
                }
                lineWidth -= writer.removeTrailingSpaces(from: lineStart)
                // Columns add up to at least the line's width (a grapheme cluster across two
                // fields is never wider than its parts): only a line that may be too wide is
                // measured and cut as text.
                if lineWidth > width {
                    let line = writer.withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[lineStart...]), as: UTF8.self) }
                    writer.removeBytes(after: lineStart)
                    writer.text(DisplayWidth.truncate(line, toWidth: width))
                }
                writer.byte(UInt8(ascii: "\n"))
                try writer.flushIfFull()
            }
        }
        try writer.flush()
    }

    /// Writes an item's line as it goes into a pipe: its fields joined plainly, nothing
    /// padded or cut, ending in a line break.
    static func writePlainLine(
        _ item: borrowing ToDoItem, position: Int, done: Bool, indent: Int = 0, today: LocalTime.Fields, now: Date,
        calendar: LocalTime, to writer: inout ByteWriter
    ) {
        writer.integer(Int64(position))
        writer.byte(UInt8(ascii: " "))
        for _ in 0..<indent { writer.byte(UInt8(ascii: " ")) }
        writer.ascii(done ? "[x] " : "[ ] ")
        writer.text(VisibleText.line(item.title))
        writeDue(item, done: done, today: today, now: now, calendar: calendar, after: "  ", to: &writer)
        if let location = item.location.map({ VisibleText.line($0.name) }), !location.isEmpty {
            writer.ascii("  ")
            writer.text(location)
        }
        writer.byte(UInt8(ascii: "\n"))
    }

    /// Writes `separator` and the item's due date as `ItemFormatting.date` does
    /// (`2026-12-01`, with ` 09:30` when the due is an instant), then ` overdue` for an
    /// open item whose due has passed (a day due once its day has, a timed due once its time
    /// has: ``DueState``); nothing for an item with no due date. Returns how the due of an
    /// open item stands (nil for a done item or none), for colouring.
    @discardableResult
    private static func writeDue(
        _ item: borrowing ToDoItem, done: Bool, today: LocalTime.Fields, now: Date, calendar: LocalTime,
        after separator: StaticString, to writer: inout ByteWriter
    ) -> DueState? {
        guard let due = item.localDue(calendar: calendar) else { return nil }
        let c = calendar.fields(of: due)
        writer.ascii(separator)
        if c.year >= 0 { writer.padded(c.year, width: 4) } else { writer.integer(Int64(c.year)) }
        writer.byte(UInt8(ascii: "-"))
        writer.padded(c.month, width: 2)
        writer.byte(UInt8(ascii: "-"))
        writer.padded(c.day, width: 2)
        if !item.dueIsDay || c.hour != 0 || c.minute != 0 {
            writer.byte(UInt8(ascii: " "))
            writer.padded(c.hour, width: 2)
            writer.byte(UInt8(ascii: ":"))
            writer.padded(c.minute, width: 2)
        }
        // Fields and day numbers come from the same wall time: an earlier (year, month,
        // day) is an earlier calendar day.
        guard !done else { return nil }
        let day = (c.year, c.month, c.day), todays = (today.year, today.month, today.day)
        if day < todays || (!item.dueIsDay && due < now) {
            writer.ascii(" overdue")
            return .overdue
        }
        return day == todays ? .today : .later
    }

    /// Decimal digits of a positive number.
    private static func digits(_ value: Int) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 { rest /= 10; count += 1 }
        return count
    }

    /// The width of `DisplayWidth.truncate(text, toWidth: width)`, without building it.
    static func truncatedWidth(_ text: String, toWidth width: Int) -> Int {
        guard width > 0 else { return 0 }
        let full = DisplayWidth.of(text)
        if full <= width { return full }
        if DisplayWidth.printableASCIICount(text) != nil { return width }
        let budget = width - 1
        var used = 0
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > budget { break }
            used += w
        }
        return used + 1
    }

    /// Writes `DisplayWidth.truncate(text, toWidth: width)` (ending in `…` when cut) and
    /// returns its width, without building a `String`.
    @discardableResult
    static func writeTruncated(_ text: String, toWidth width: Int, to writer: inout ByteWriter) -> Int {
        guard width > 0 else { return 0 }
        let full = DisplayWidth.of(text)
        if full <= width {
            writer.text(text)
            return full
        }
        let budget = width - 1
        var end = text.startIndex
        var used = 0
        if DisplayWidth.printableASCIICount(text) != nil {
            end = text.utf8.index(text.startIndex, offsetBy: budget)
            used = budget
        } else {
            while end < text.endIndex {
                let next = text.index(after: end)
                let w = DisplayWidth.of(text[end])
                if used + w > budget { break }
                used += w
                end = next
            }
        }
        writer.append(contentsOf: text.utf8[..<end])
        writer.ascii("…")
        return used + 1
    }
}
