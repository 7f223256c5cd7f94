import FoundationEssentials
import Glibc

/// Several lists: the default list file and the named lists beside it, each its own list
/// file in the folder `lists/` next to the default one (`<dir of F>/lists/<NAME>.plist`),
/// same format, same writer, same locking (``ToDoStore``).
///
/// One file per list because a list is what a CalDAV collection and a vdir folder are: a
/// list syncs, exports, locks and breaks alone, and a program that reads one list file
/// reads any of them. The default list keeps its file (``defaultFileURL``) and is named
/// ``defaultName``; it cannot be renamed or removed.
///
/// Names are in order: the default list first, then the others sorted case-insensitively
/// (``names()``). A name is refused when it is empty, `.` or `..`, starts with `.` (tick's
/// hidden lock and temporary files start so), holds `/`, a NUL or another control
/// character, is too long for a file name, or is taken — case-insensitively, since two
/// lists whose names differ only in case are confusing, and are one folder on some phones
/// and file systems.
public struct ListSet: Sendable {
    /// The default list's name.
    public static let defaultName = "Tasks"
    /// The named lists' files end so.
    static let fileExtension = ".plist"
    /// The longest name in UTF-8 bytes: a file name is at most 255 bytes, and the lock
    /// sidecar (`.<name>.plist.lock`) adds 12.
    static let maximumNameBytes = 255 - 12

    /// The default list's file.
    public let defaultFileURL: URL
    /// Where undo journals live (``StatePaths``); ``move(_:from:to:recordingAs:)`` records in them.
    public let journalDirectory: URL
    /// Runs after a rename with the list's file before and after, for what else is kept
    /// by the list's path and must follow it: sync's state and bindings (set by the
    /// executable, which knows sync), so that the CLI and the app rename alike.
    public var afterRename: (@Sendable (_ from: URL, _ to: URL) throws(ListSetError) -> Void)?

    /// The set whose default list is the file at `defaultFileURL`; undo journals in
    /// `journalDirectory`.
    public init(defaultFileURL: URL, journalDirectory: URL) {
        self.defaultFileURL = defaultFileURL
        self.journalDirectory = journalDirectory
    }

    /// The folder of the named lists: `lists/` beside the default list.
    public var directory: URL {
        defaultFileURL.deletingLastPathComponent().appendingPathComponent("lists", isDirectory: true)
    }

    /// The file of the list `name` (whether or not it exists).
    func fileURL(of name: String) -> URL {
        name == Self.defaultName
            ? defaultFileURL
            : directory.appendingPathComponent(name + Self.fileExtension, isDirectory: false)
    }

    // MARK: - Names

    /// Every list's name: ``defaultName`` first, then the named lists sorted
    /// case-insensitively. A missing `lists/` folder is no named lists.
    public func names() throws(ListSetError) -> [String] {
        let path = directory.path
        var info = stat()
        guard stat(path, &info) == 0 else { return [Self.defaultName] }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .store(StoreError(kind: .unreadable, path: path, problem: "not a folder; tick keeps its named lists in a folder here"))
        }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .store(StoreError(kind: .io, path: path, problem: "cannot read the folder of lists: \(error)"))
        }
        let named = entries.compactMap { entry -> String? in
            guard !entry.hasPrefix("."), entry.hasSuffix(Self.fileExtension) else { return nil }
            let name = String(entry.dropLast(Self.fileExtension.count))
            return (try? Self.validate(name)) == nil ? nil : name
        }
        return [Self.defaultName] + named.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    }

    /// The name as it is spelled in the set when a list of that name (case-insensitively)
    /// exists, else nil.
    public func existingName(like name: String) throws(ListSetError) -> String? {
        let folded = name.lowercased()
        return try names().first { $0.lowercased() == folded }
    }

    /// Refuses a name no list may have (see ``ListSet``), whatever lists there are.
    public static func validate(_ name: String) throws(ListSetError) {
        func refuse(_ reason: String) -> ListSetError { .invalidName(name, reason: reason) }
        if name.isEmpty { throw refuse("it is empty") }
        if name == "." || name == ".." { throw refuse("it names a folder") }
        if name.hasPrefix(".") { throw refuse("it starts with \".\" (tick's hidden files do)") }
        if name.contains("/") { throw refuse("it holds \"/\"") }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw refuse("it holds a control character")
        }
        if name.utf8.count > maximumNameBytes { throw refuse("it is longer than \(maximumNameBytes) bytes") }
    }

    /// Refuses a name a list may not be given now: one ``validate(_:)`` refuses, or one that
    /// is only white space or starts or ends with it (it would look like another name). A
    /// list an older tick named so is still listed and found.
    public static func validateForNew(_ name: String) throws(ListSetError) {
        try validate(name)
        let trimmed = name.trimmed()
        if trimmed != name {
            throw .invalidName(name, reason: trimmed.isEmpty ? "it is only white space" : "it starts or ends with white space")
        }
    }

    /// Refuses `name` for a new list: invalid, or taken (case-insensitively) by a list
    /// other than `except`.
    func validateNew(_ name: String, except: String? = nil) throws(ListSetError) {
        try Self.validateForNew(name)
        if let existing = try existingName(like: name), existing != except {
            throw .taken(name, existing: existing)
        }
    }

    /// The list whose file `path` names (the same file, links followed), or would name
    /// once written (a `.plist` file in ``directory``), so that a command writing other
    /// data to a path it is given does not write over a list; nil for any other path.
    public func list(atFile path: String) -> String? {
        let names = (try? names()) ?? [Self.defaultName]
        if let name = names.first(where: { Self.isSameFile(path, fileURL(of: $0).path) }) { return name }
        let url = URL(fileURLWithPath: path)
        let name = url.deletingPathExtension().lastPathComponent
        // (A file whose name is no list's, a hidden one say, is never read as a list.)
        guard url.pathExtension == String(Self.fileExtension.dropFirst()), (try? Self.validate(name)) != nil,
              Self.isSameFile(url.deletingLastPathComponent().path, directory.path) else { return nil }
        return name
    }

    /// Whether two paths lead to one file (the same device and inode, links followed).
    public static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        return stat(a, &first) == 0 && stat(b, &second) == 0 && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    // MARK: - Lists

    /// The store of the list `name`, which must exist (its case must match): an unknown
    /// name is an error naming the lists there are, never a list made on the fly. The file
    /// is the list's as spelled in the set: a name in another Unicode form (é as e + ◌́)
    /// finds that list, not a new file.
    public func store(named name: String) throws(ListSetError) -> ToDoStore {
        let names = try names()
        guard let spelled = names.first(where: { $0 == name }) else { throw .unknown(name, known: names) }
        var store = ToDoStore(fileURL: fileURL(of: spelled))
        store.fileMustExist = spelled != Self.defaultName
        return store
    }

    /// Makes the list `name`, empty (an empty list file, written as every list is), and
    /// returns its store.
    @discardableResult
    public func add(_ name: String) throws(ListSetError) -> ToDoStore {
        try validateNew(name)
        let store = ToDoStore(fileURL: fileURL(of: name))
        try Self.storeStep(store.fileURL.path) {
            try store.withLock { target in
                // (Made by another tick meanwhile: it is there, and not overwritten.)
                if store.file.version(target) != nil { throw ListSetError.taken(name, existing: name) }
                try store.write(ToDoList(), to: target)
            }
        }
        return store
    }

    /// Renames the list `old` to `new` (its file renamed; an existing file is never
    /// replaced). `new` may differ from `old` in case only. The list's undo journal goes
    /// with it (its entries name the file by its version, which a rename keeps).
    public func rename(_ old: String, to new: String) throws(ListSetError) {
        guard old != Self.defaultName else { throw .defaultList(action: "rename") }
        let store = try store(named: old)
        try validateNew(new, except: old)
        let from = store.fileURL.path, to = fileURL(of: new).path
        let journal = UndoJournal(list: store.fileURL, directory: journalDirectory)
        try Self.storeStep(store.fileURL.path) {
            try store.withLock { _ in
                // link refuses an existing target, where rename would replace it.
                guard link(from, to) == 0 else {
                    throw errno == EEXIST ? ListSetError.taken(new, existing: new) : Self.systemError("cannot rename to \(to)", path: from)
                }
                unlink(from)
                // (A journal left by an earlier list of the new name went with that list.)
                let renamedJournal = UndoJournal(list: fileURL(of: new), directory: journalDirectory)
                if Glibc.rename(journal.url.path, renamedJournal.url.path) != 0 { try? FileManager.default.removeItem(at: journal.url) }
            }
        }
        try afterRename?(store.fileURL, fileURL(of: new))
    }

    /// Removes the list `name`, which must hold no items unless `withItems`; returns how
    /// many items went with it. Its undo journal goes too.
    @discardableResult
    public func remove(_ name: String, withItems: Bool) throws(ListSetError) -> Int {
        guard name != Self.defaultName else { throw .defaultList(action: "remove") }
        let store = try store(named: name)
        let journal = UndoJournal(list: store.fileURL, directory: journalDirectory)
        return try Self.storeStep(store.fileURL.path) {
            try store.withLock { _ in
                let count = try store.load().count
                if count > 0 && !withItems { throw ListSetError.notEmpty(name, count: count) }
                guard unlink(store.fileURL.path) == 0 else { throw Self.systemError("cannot remove", path: store.fileURL.path) }
                try? FileManager.default.removeItem(at: journal.url)
                return count
            }
        }
    }

    /// Runs `body`, its errors as ``ListSetError``s; another error (a model's refusal) is
    /// said of the file at `path`.
    static func storeStep<T>(_ path: String, _ body: () throws -> T) throws(ListSetError) -> T {
        do {
            return try body()
        } catch let error as ListSetError {
            throw error
        } catch let error as StoreError {
            throw .store(error)
        } catch {
            throw .store(StoreError(kind: .rejected, path: path, problem: "\(error)"))
        }
    }

    static func systemError(_ what: String, path: String) -> ListSetError {
        .store(StoreError(kind: .io, path: path, problem: "\(what): \(String(cString: strerror(errno)))"))
    }
}
