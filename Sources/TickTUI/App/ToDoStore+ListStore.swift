import TickCore

extension ToDoStore: ListStore {
    /// The list file's name, shown in the header.
    public var fileName: String { fileURL.lastPathComponent }

    public func fileFormat() -> ListFileFormat? { ListFileFormat.of(fileAt: fileURL) }

    /// The journal in `$XDG_STATE_HOME/tick` that `tick undo` uses too.
    public var undoJournal: UndoJournal? { UndoJournal(list: fileURL) }
}
