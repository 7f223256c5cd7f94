import ArgumentParser
import FoundationEssentials
import Glibc
import TickCore
import TickInterchange

/// `tick import`: items from another format into the list, one item per id.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add or update items from iCalendar (a file or a vdir), JSON, taskwarrior, todo.txt, Markdown or calcurse's todo file.",
        discussion: """
            PATH is a file, a directory (read as a vdir: every .ics file in it), or - for \
            standard input. FORMAT is one of: \(formatNames); without --format it is \
            judged from the file's name (.ics, .json, .md) or else from the content \
            (iCalendar by a first BEGIN: line, tick's JSON and taskwarrior's by their keys, \
            a Markdown task list by its "- [ ]" lines, calcurse's todo file by its "[3] Title" \
            lines, else todo.txt). A directory is \
            read alone, not its subdirectories — unless it holds no .ics files of its own \
            and its subdirectories do (~/.calendars, where vdirsyncer keeps a vdir per \
            collection): then each subdirectory is imported into the list named by its \
            displayname file, else by its name (see tick lists); a list not there yet is \
            made, and each is said (made list Work; imported into Work: added 12, …).

            calcurse's todo file (~/.local/share/calcurse/todo): [N] is the priority, 1 to 9 \
            as tick's, 0 none; a negative one ([-3], [-0]) a done todo; a note ([3]>HASH) is \
            read from notes/HASH beside the file, and said to be lost when it is not there \
            (standard input).

            An item whose id (an iCalendar UID, a taskwarrior uuid) is already in the list \
            updates that item instead of adding a copy, so importing the same file again \
            changes nothing. todo.txt and Markdown carry no ids: their items are always added. \
            A taskwarrior due at local midnight is a due day, as `task add due:DAY` means it. \
            tick's JSON is read as an array of items, one item object (`tick show --json`), \
            or item objects one after another (what `jq '.[]'` prints). Another list file of \
            tick's (binary or XML) is read as its JSON is, every field and id: importing it \
            merges the two lists.

            Import only adds and updates items; it never deletes one: an item missing \
            from the input (its file deleted in todoman) stays in the list, and the next \
            `tick export --format vdir` writes its file again. Of tick's commands, only \
            tick sync carries deletions, both ways (see tick help sync).

            An import is all or nothing: one bad item refuses the whole file, naming its \
            line and the problem, and the list is left as it was. --dry-run prints what \
            would be added, updated and left unchanged, and changes nothing.

            Examples:
              tick import list.json
              tick import ~/.calendars/tasks/
              tick import ~/.calendars          # each collection into its own list
              tick import reminders.ics
              tick import --dry-run todo.txt
              tick import ~/.local/share/calcurse/todo
              task export | tick import -
              tick show 1 --json | tick import --file work.plist -
            """
    )

    /// The formats' names, for help and messages.
    static let formatNames = InterchangeFormat.allCases.map(\.rawValue).joined(separator: ", ")

    @Option(help: ArgumentHelp("The format: \(formatNames) (default: by the name .ics, .json or .md, else judged from the content).", valueName: "format"),
            completion: .list(InterchangeFormat.allCases.map(\.rawValue)))
    var format: String?

    @Flag(help: "Print what would be added, updated and left unchanged, and change nothing.")
    var dryRun = false

    @Argument(help: ArgumentHelp("The file to import, or - for standard input.", valueName: "path"), completion: .file())
    var path: String

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if let format, InterchangeFormat(rawValue: format) == nil {
            throw ValidationError("unknown format \"\(format)\"; use one of \(Self.formatNames)")
        }
    }

    func run() throws {
        try reportingErrors {
            let source = path == "-" ? "standard input" : path
            let chosen = format.flatMap(InterchangeFormat.init(rawValue:))
            let entries: [ExchangeEntry]
            let omissions: Omissions
            var read = InterchangeFormat.vdir
            if path != "-", InputFile.isDirectory(path) {
                guard chosen == nil || chosen == .vdir else { throw CLIError("\(path): is a directory, read only as a vdir") }
                if try Vdir.files(in: path).isEmpty, case let folders = Vdir(path).collections(), !folders.isEmpty {
                    return try importCollections(in: path, named: folders)
                }
                (entries, omissions) = try Vdir.read(path, readFile: InputFile.read)
                // An empty directory imports nothing; say why, as the path may be a slip.
                if entries.isEmpty, (try? Vdir.files(in: path))?.isEmpty == true { warn("\(path): holds no .ics files") }
            } else {
                guard chosen != .vdir else { throw CLIError("\(source): a vdir is a directory of .ics files") }
                let named = path == "-" ? nil : InterchangeCodec.importFormat(named: path)
                (entries, read, omissions) = try InterchangeCodec.read(try InputFile.read(path), as: chosen ?? named, source: source,
                                                                       readNote: { InputFile.calcurseNote($0, besideTodoFile: path) })
            }
            if let message = omissions.message { warn(message) }
            // tick's JSON of every list: each item into its list of the set, unless --list names one.
            if storeOptions.list == nil, entries.contains(where: { $0.list != nil }) {
                return try importByList(entries, source: source)
            }
            let store = try storeOptions.makeStore()
            if dryRun {
                let plan = try ImportPlan(importing: entries, from: read, into: try store.load(), source: source)
                for entry in plan.added { output("would add: " + ItemFormatting.oneLine(entry.item.title)) }
                for entry in plan.updated { output("would update: " + ItemFormatting.oneLine(entry.item.title)) }
                output("would add \(plan.added.count), update \(plan.updated.count), leave \(plan.unchanged.count) unchanged")
                return
            }
            let plan = try Self.importRecording(entries, from: read, into: store, source: source)
            output("added \(plan.added.count), updated \(plan.updated.count), left \(plan.unchanged.count) unchanged")
        }
    }
}

extension ImportCommand {
    /// The most items an import adds or updates for `tick undo` to take back: the journal
    /// keeps each one whole, which for a list's worth would be tens of megabytes.
    static let journaledItems = 1_000

    /// Imports `entries` into the list of `store`, planned under the store's lock against
    /// the file as it is then (a change another process made meanwhile is kept), and
    /// recorded in the undo journal when it changes at most ``journaledItems`` items and its
    /// operations, one at a time, make the plan's list. Otherwise the list's undo history
    /// is cleared, so that no older change is undone over the import, and the import says so.
    static func importRecording(_ entries: [ExchangeEntry], from format: InterchangeFormat, into store: ToDoStore,
                                source: String) throws -> ImportPlan {
        var notJournaled: String?
        let plan = try store.modifyRecording(verb: "import", command: "import") { list, record in
            let plan = try ImportPlan(importing: entries, from: format, into: list, source: source)
            let changed = plan.added.count + plan.updated.count
            if changed <= journaledItems {
                // The plan's operations one at a time, so that the journal holds each and its
                // inverse; a parent an update names that comes later leaves them short of it.
                var replayed = list
                for operation in plan.operations {
                    let title: String? = if case .insert(let item, _, _) = operation { item.title } else { nil }
                    try record.merge(operation, into: &replayed, title: title)
                }
                // Subtasks go in after their parents, which can leave a section in another order
                // than the input's (a done subtask above a done item of its own): each item is
                // then put where the plan has it, in the journal too.
                for section in ToDoList.Section.allCases where replayed.items(in: section).count == plan.list.items(in: section).count {
                    for (index, item) in plan.list.items(in: section).enumerated() where replayed.items(in: section)[index].id != item.id {
                        try record.merge(.reorder(item.id, at: index), into: &replayed, title: nil)
                    }
                }
                if replayed == plan.list { list = replayed; return plan }
                record = ChangeRecord()
                notJournaled = "its items' parents are set in an order the undo journal cannot replay"
            } else {
                notJournaled = "it changes \(changed) items, and the undo journal keeps at most \(journaledItems)"
            }
            list = plan.list
            return plan
        }
        if let notJournaled, !plan.isEmpty {
            _ = try? store.journal.update { $0.removeAll() }
            warn("tick undo cannot undo this import: \(notJournaled); the list's undo history before it is cleared, so that no older change is undone over it")
        }
        return plan
    }
}

/// Reading an import's input whole.
enum InputFile {
    /// Whether `path` names a directory.
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The text of calcurse's note `hash`, the file `notes/HASH` beside the todo file at
    /// `path`; nil for standard input, a hash that is no plain hex name, or a missing or
    /// unreadable file.
    static func calcurseNote(_ hash: String, besideTodoFile path: String) -> String? {
        guard path != "-", !hash.isEmpty, hash.allSatisfy(\.isHexDigit) else { return nil }
        let directory = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) : "."
        guard let bytes = try? read((directory.isEmpty ? "" : directory) + "/notes/" + hash) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The bytes of `path`, or of standard input for `-`.
    static func read(_ path: String) throws -> [UInt8] {
        let source = path == "-" ? "standard input" : path
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CLIError("\(source): cannot open: \(String(cString: strerror(errno)))") }
        defer { if fd != STDIN_FILENO { close(fd) } }
        // (A directory is a vdir: ``isDirectory(_:)`` is asked first.)
        var status = stat()
        if fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw CLIError("\(source): is a directory; give a file")
        }
        var bytes: [UInt8] = []
        // A file is read into an array of its size, not grown (and copied) as it fills.
        if (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 { bytes.reserveCapacity(Int(status.st_size) + 1) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw CLIError("\(source): cannot read: \(String(cString: strerror(errno)))")
            }
        }
    }
}
