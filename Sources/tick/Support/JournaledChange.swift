import FoundationEssentials
import TickCore

/// What a command changed, collected as it changes the list, for the undo journal: the
/// operations, their inverses and the items' titles.
struct ChangeRecord {
    private(set) var forward: [ToDoList.Operation] = []
    private(set) var inverse: [ToDoList.Operation] = []
    private(set) var titles: [String] = []

    /// Applies `operation` to `list` and records it, with its inverse computed first;
    /// `title` names the item it changes (once per item: nil for the item's further ones).
    /// A field set to the value it has changes nothing and is not recorded: returns whether
    /// the operation was.
    @discardableResult
    mutating func apply(_ operation: ToDoList.Operation, to list: inout ToDoList, title: String?) throws(ModelError) -> Bool {
        let inverses = list.inverses(of: operation, zone: .current)
        var unchanged: ToDoItem?
        if case .set(let id, _) = operation { unchanged = list.item(withID: id) }
        try list.apply(operation, at: Date())
        if let unchanged, case .set(let id, _) = operation, list.item(withID: id) == unchanged { return false }
        forward.append(operation)
        inverse.insert(contentsOf: inverses, at: 0)
        if let title { titles.append(title) }
        return true
    }

    /// ``apply(_:to:title:)`` as a merge (``ToDoList/merge(_:at:zone:)``): an insert whose
    /// parent is not in the list goes in at the top level instead of being refused.
    mutating func merge(_ operation: ToDoList.Operation, into list: inout ToDoList, title: String?) throws(ModelError) {
        let inverses = list.inverses(of: operation, zone: .current)
        try list.merge(operation, at: Date())
        forward.append(operation)
        inverse.insert(contentsOf: inverses, at: 0)
        if let title { titles.append(title) }
    }

    /// Records a change already made to the list (`tick remove --done`).
    mutating func record(_ operations: [ToDoList.Operation], inverse inverses: [ToDoList.Operation], titles more: [String]) {
        forward += operations
        inverse = inverses + inverse
        titles += more
    }

    /// The journal entry, nil when nothing changed.
    func entry(verb: String, command: String) -> UndoJournal.Entry? {
        guard !forward.isEmpty else { return nil }
        return UndoJournal.Entry(
            name: UndoJournal.name(verb, titles: titles), forward: forward, inverse: inverse, source: "tick \(command)"
        )
    }
}

extension ToDoStore {
    /// The undo journal of this list (``UndoJournal``).
    var journal: UndoJournal { UndoJournal(list: fileURL) }

    /// ``ToDoStore/modify(_:)`` that records what `body` changed in the undo journal, named
    /// `verb of "title"`; a journal that cannot be written is said on standard error (the
    /// change stands, but `tick undo` cannot undo it).
    func modifyRecording<T>(
        verb: String, command: String, _ body: (inout ToDoList, inout ChangeRecord) throws -> T
    ) throws -> T {
        let (result, journalError) = try modify(recordingIn: { journal }) { list in
            var record = ChangeRecord()
            let result = try body(&list, &record)
            return (result, record.entry(verb: verb, command: command))
        }
        if let journalError { warn("\(journalError.description); tick undo cannot undo this change") }
        return result
    }
}
