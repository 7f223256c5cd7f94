import Foundation
import TickCore

/// calcurse's own data for the same titles as a tick list, written directly.
///
/// calcurse keeps its to-do list as one `[priority] title` line per item, in its own order
/// (by priority, then by the bytes of the title), which it reads in linear time: each item
/// read goes after the last. Read in any other order its loading is quadratic, and its
/// import of 100,000 to-dos takes minutes; so the data is written here, not imported.
enum CalcurseData {
    /// Makes `directory` a calcurse data directory (`-D`) holding the titles of `list`.
    static func write(_ list: ToDoList, to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let titles = (list.toDoItems + list.doneItems).map { Array($0.title.utf8) }
        var text: [UInt8] = []
        for title in titles.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            text += Array("[0] ".utf8) + title + [UInt8(ascii: "\n")]
        }
        try Data(text).write(to: directory.appendingPathComponent("todo"))
        try Data().write(to: directory.appendingPathComponent("apts"))
    }
}
