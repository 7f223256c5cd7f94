import FoundationEssentials
import Glibc

/// The list's undo journal: the last changes made to one list, by the CLI and the
/// full-screen app alike, newest last, so that `tick undo` and the app's `u` undo the last
/// change to the list wherever it was made, also after a restart.
///
/// Kept outside the list, beside sync's state: `$XDG_STATE_HOME/tick/undo-<key>.json`
/// (``StatePaths``), the key derived from the list's resolved path as sync's is. Each entry
/// holds the change's operations and their inverses (``ToDoList/Operation``'s JSON), a name
/// naming the items by title, and the list file's version after the change: an undo whose
/// entry's version is not the file's reaches past a change made elsewhere that the journal
/// does not hold, and says so first. The newest ``limit`` changes are kept. Every update
/// takes `flock` on a sidecar lock and replaces the file with the store's one atomic write
/// (``ListFile/replace(_:beforeRename:contents:)``).
public struct UndoJournal: Sendable {
    /// One change as the journal keeps it.
    public struct Entry: Codable, Sendable, Hashable {
        /// Names the entry, so that an undo can remove it from the journal.
        public var id: UUID
        /// What the change was, naming the items: `remove of "Buy milk" (and 2 more)`.
        public var name: String
        /// The operations as made, in order.
        public var forward: [ToDoList.Operation]
        /// The operations that reverse them, in the order to apply.
        public var inverse: [ToDoList.Operation]
        /// The list file's version after the change; nil while not saved yet.
        public var after: FileVersion?
        /// Who made it: `tick remove`, or `window` for the full-screen app.
        public var source: String
        /// The process that made it.
        public var process: Int32
        /// The item to select after undoing, and after redoing.
        public var undoFocus: UUID?
        public var redoFocus: UUID?
        /// For one half of a move between lists (``ListSet/move(_:from:to:recordingAs:)``):
        /// the other half, in the other list's journal. The two are undone together.
        public var pair: Pair?

        public init(
            id: UUID = UUID(), name: String, forward: [ToDoList.Operation], inverse: [ToDoList.Operation],
            after: FileVersion? = nil, source: String, process: Int32 = getpid(), undoFocus: UUID? = nil, redoFocus: UUID? = nil
        ) {
            self.id = id
            self.name = name
            self.forward = forward
            self.inverse = inverse
            self.after = after
            self.source = source
            self.process = process
            self.undoFocus = undoFocus
            self.redoFocus = redoFocus
        }
    }

    /// The other half of a move between two lists: the other list's resolved path and its
    /// entry there.
    public struct Pair: Codable, Sendable, Hashable {
        public var list: String
        public var entry: UUID

        public init(list: String, entry: UUID) {
            self.list = list
            self.entry = entry
        }
    }

    /// A change to the journal, applied once the list is saved.
    public enum Change: Sendable, Hashable {
        /// A change to the list was made: append it, with the version after the save.
        case recorded(Entry)
        /// The entry was undone: remove it; when the list had not changed elsewhere since
        /// (`wasCurrent`), the entry under it now describes the list as saved.
        case undone(UUID, wasCurrent: Bool)
    }

    /// The file's JSON.
    private struct Contents: Codable {
        var version = 1
        var list: String
        var entries: [Entry]
    }

    /// How many changes are kept.
    public static let limit = 100

    /// The journal file.
    public let url: URL
    /// The list's resolved path, which the key was derived from.
    public let listPath: String

    /// The journal of the list at `list`, in `directory` (by default ``StatePaths``').
    public init(list: URL, directory: URL) {
        listPath = ListFile(path: list.path).resolved().path
        url = directory.appendingPathComponent("undo-\(StatePaths.key(listPath)).json")
    }

    /// The journal of the list at `list` in the state directory of `environment`.
    public init(list: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(list: list, directory: StatePaths.directory(environment: environment))
    }

    private var file: ListFile { ListFile(path: url.path) }

    /// What `stat` says about the journal now; nil when there is none.
    public func version() -> FileVersion? { file.version(file.resolved()) }

    /// The entries, oldest first; none when there is no journal yet. Takes no lock.
    public func entries() throws(StoreError) -> [Entry] {
        try read(file.resolved())
    }

    /// Applies `changes` in order under the journal's lock, `after` being the list file's
    /// version once they were saved, keeps the newest ``limit``, writes the journal, and
    /// returns its entries.
    @discardableResult
    public func apply(_ changes: [Change], after: FileVersion?) throws(StoreError) -> [Entry] {
        try update { entries in
            for change in changes {
                switch change {
                case .recorded(var entry):
                    entry.after = after
                    entries.append(entry)
                case let .undone(id, wasCurrent):
                    guard let index = entries.lastIndex(where: { $0.id == id }) else { continue }
                    entries.remove(at: index)
                    if wasCurrent, index == entries.count, index > 0 { entries[index - 1].after = after }
                }
            }
        }
    }

    /// Reads the journal under its lock, lets `body` change the entries, and writes them.
    @discardableResult
    public func update(_ body: (inout [Entry]) -> Void) throws(StoreError) -> [Entry] {
        try file.createDirectory()
        let target = file.resolved()
        let lock = try file.lock(target)
        defer { close(lock) }
        var entries = try read(target)
        let before = entries
        body(&entries)
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
        guard entries != before else { return entries }
        let bytes: [UInt8]
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            bytes = Array(try encoder.encode(Contents(list: listPath, entries: entries)))
        } catch {
            throw StoreError(kind: .io, path: url.path, problem: "cannot encode the undo journal: \(error)")
        }
        try file.replace(target, beforeRename: nil) { sink in
            bytes.withUnsafeBufferPointer { sink.write($0) }
        }
        return entries
    }

    private func read(_ target: ResolvedPath) throws(StoreError) -> [Entry] {
        guard let bytes = try file.read(target) else { return [] }
        do {
            return try JSONDecoder().decode(Contents.self, from: Data(bytes)).entries
        } catch {
            throw StoreError(kind: .unreadable, path: url.path, problem: "not an undo journal tick can read (\(error)); tick will not overwrite it — remove it to start a new one")
        }
    }
}

extension UndoJournal {
    /// A change's name: the verb and the first item's title, and how many more there were:
    /// `remove of "Buy milk" (and 2 more)`.
    public static func name(_ verb: String, titles: [String]) -> String {
        guard let first = titles.first else { return verb }
        let title = DisplayWidth.truncate(VisibleText.line(first), toWidth: 40)
        return "\(verb) of \"\(title)\"" + (titles.count > 1 ? " (and \(titles.count - 1) more)" : "")
    }
}

extension UndoJournal.Entry {
    /// The fields this change set that hold another value in `list` now: changed elsewhere
    /// since, so that undoing would overwrite someone else's value. Says each as
    /// `the title of "Buy milk"`.
    public func changedSince(in list: ToDoList) -> [String] {
        var found: [String] = []
        for operation in forward {
            guard case let .set(id, field) = operation, let item = list.item(withID: id) else { continue }
            var made = item
            guard (try? made.set(field)) != nil, made.value(like: field) != item.value(like: field) else { continue }
            found.append("the \(field.label) of \"\(DisplayWidth.truncate(VisibleText.line(item.title), toWidth: 40))\"")
        }
        return found
    }
}

extension ToDoItem {
    /// The item's value of the field `field` sets.
    public func value(like field: ToDoList.ItemField) -> ToDoList.ItemField {
        switch field {
        case .title: .title(title)
        case .notes: .notes(notes)
        case .due, .dueDay: dueDay.map { .dueDay($0) } ?? .due(due)
        case .location: .location(location)
        case .priority: .priority(priority)
        case .tags: .tags(tags)
        case .recurrence: .recurrence(recurrence)
        case .parent: .parent(parent)
        }
    }
}

extension ToDoList.ItemField {
    /// The field's name as people say it: `title`, `due date`.
    public var label: String {
        switch self {
        case .title: "title"
        case .notes: "notes"
        case .due, .dueDay: "due date"
        case .location: "place"
        case .priority: "priority"
        case .tags: "tags"
        case .recurrence: "repeat"
        case .parent: "parent"
        }
    }
}
