import Foundation
import TickCore

/// tick's iCalendar export of a list with its VTODOs in the order calcurse keeps its to-dos,
/// the one order its import reads in linear time.
///
/// calcurse 4.7 adds each imported to-do to a sorted linked list (`todo_cmp`: open before
/// done, one with a priority before one without, by priority, then by the bytes of the
/// title), walking it from the head unless the to-do goes last or first: a file in any other
/// order costs a walk per to-do. tick can export no such order itself (a subtask follows its
/// parent), so the import comparison reorders the VTODOs of tick's export: the same bytes,
/// another order, which tick reads into the same list (X-APPLE-SORT-ORDER keeps its order).
enum CalcurseImportOrder {
    /// Writes `export` (tick's export of `list`, To Do then Done as the list holds them) to
    /// `path` with its VTODOs reordered; an export that does not hold the list's items in
    /// that order is an error.
    static func write(_ list: ToDoList, export: [UInt8], to path: String) throws {
        let blocks = vtodoRanges(in: export)
        let items = list.toDoItems.map { ($0, false) } + list.doneItems.map { ($0, true) }
        guard blocks.count == items.count, let first = blocks.first, let last = blocks.last else {
            throw BenchmarkError("the export holds \(blocks.count) VTODOs for \(items.count) items")
        }
        for (block, (item, _)) in zip(blocks, items) {
            let uid = Array("UID:\(item.id.uuidString)\r\n".utf8)
            guard export[block].firstRange(of: uid) != nil else { throw BenchmarkError("the export is not in the list's order") }
        }
        let order = items.indices.sorted { a, b in
            let (x, xDone) = items[a], (y, yDone) = items[b]
            if xDone != yDone { return !xDone }
            // calcurse's id 0 is no priority, and sorts after 1…9.
            let xPriority = x.priority ?? 10, yPriority = y.priority ?? 10
            if xPriority != yPriority { return xPriority < yPriority }
            if x.title != y.title { return x.title.utf8.lexicographicallyPrecedes(y.title.utf8) }
            return a < b
        }
        var output = Array(export[..<first.lowerBound])
        output.reserveCapacity(export.count)
        for index in order { output += export[blocks[index]] }
        output += export[last.upperBound...]
        try Data(output).write(to: URL(fileURLWithPath: path))
    }

    /// Each `BEGIN:VTODO` … `END:VTODO` line block of tick's export, line ends included.
    private static func vtodoRanges(in bytes: [UInt8]) -> [Range<Int>] {
        let begin = Array("BEGIN:VTODO\r\n".utf8), end = Array("END:VTODO\r\n".utf8)
        var ranges: [Range<Int>] = []
        var position = 0
        while let start = bytes[position...].firstRange(of: begin),
              let stop = bytes[start.upperBound...].firstRange(of: end) {
            ranges.append(start.lowerBound..<stop.upperBound)
            position = stop.upperBound
        }
        return ranges
    }
}
