extension Screen {
    /// The columns of a row to redraw: from the first changed cell (stepping back onto the
    /// start of a wide character) to the last changed one. Nil when nothing changed.
    func changedSpan(row: Int, columns: Int, against old: Screen?) -> ClosedRange<Int>? {
        guard columns > 0 else { return nil }
        guard let old else { return 0...(columns - 1) }
        var first: Int?
        var last = 0
        for column in 0..<columns where self[column, row] != old[column, row] {
            if first == nil { first = column }
            last = column
        }
        guard var start = first else { return nil }
        while start > 0 && (self[start, row].isContinuation || old[start, row].isContinuation) { start -= 1 }
        while last + 1 < columns && (self[last + 1, row].isContinuation || old[last + 1, row].isContinuation) { last += 1 }
        return start...last
    }
}
