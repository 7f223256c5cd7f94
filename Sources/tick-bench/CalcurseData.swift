import Foundation
import TickCore

/// calcurse's own data for a tick list, written directly as calcurse's import of tick's
/// iCalendar export would leave it: each item's title, its notes (a note file) and whether
/// it is done; calcurse's to-dos hold no due date or location.
///
/// calcurse keeps its to-do list as one `[priority]>note title` line per item (`[-0]` for
/// a done one), open items first, each part by the bytes of the title: the order it saves
/// in, which it reads in linear time (each item read goes after the last). Its import reads
/// in any other order and is quadratic: at 100,000 items it takes minutes, so the data is
/// written here instead.
enum CalcurseData {
    /// The calcurse program, nil when it is not installed (Scripts/test installs it).
    static let executable = ["/usr/bin/calcurse", "/usr/local/bin/calcurse"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Makes `directory` a calcurse data directory (`-D`) holding the items of `list`.
    /// Without `notes`, the to-do lines still name their note files but none is written:
    /// calcurse opens a note only to show or edit it, so its start does not need them
    /// (and writing 300,000 of them takes minutes).
    static func write(_ list: ToDoList, to directory: URL, notes writeNotes: Bool = true) throws {
        let notes = directory.appendingPathComponent("notes", isDirectory: true)
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        var text: [UInt8] = []
        var noteCount = 0
        for (items, mark) in [(list.toDoItems, "[0]"), (list.doneItems, "[-0]")] {
            for item in items.sorted(by: { $0.title.utf8.lexicographicallyPrecedes($1.title.utf8) }) {
                text += Array(mark.utf8)
                if let note = item.notes {
                    // calcurse names a note file by its SHA-1; it reads any 40-digit name.
                    noteCount += 1
                    let name = String(repeating: "0", count: 24) + String(format: "%016x", noteCount)
                    if writeNotes { try Data((note + "\n").utf8).write(to: notes.appendingPathComponent(name)) }
                    text += Array(">\(name)".utf8)
                }
                text += [UInt8(ascii: " ")] + Array(item.title.utf8) + [UInt8(ascii: "\n")]
            }
        }
        try Data(text).write(to: directory.appendingPathComponent("todo"))
        try Data().write(to: directory.appendingPathComponent("apts"))
    }
}
