import FoundationEssentials
import Glibc
import TickCore

/// Export and import of a whole list as a vdir (``Vdir`` has the layout).
extension Vdir {
    /// Writes one file per entry into `directory` (made when missing): each to a new
    /// temporary file, the filesystem synced once, then each renamed into place and the
    /// directory synced, as `tick sync` writes a vdir (``Vdir/batch()``). Returns what the files
    /// left out beside the DUEs they hold (see ``DroppedForDue``).
    @discardableResult
    public static func write(_ entries: [ExchangeEntry], to directory: String,
                             parentUIDs: [UUID: String]? = nil) throws(InterchangeError) -> Omissions {
        if mkdir(directory, 0o755) != 0 && errno != EEXIST {
            throw InterchangeError(source: directory, problem: "cannot make the directory: \(String(cString: strerror(errno)))")
        }
        // A UID that a file of the directory holds already (a vdir vdirsyncer filled is named
        // by the server's hrefs) is written over that file, not beside it as a second copy.
        let holders = filesByUID(in: directory)
        // Every file there is taken: one tick could not read, or that holds other UIDs or
        // none, is never written over.
        let existing = (try? files(in: directory)) ?? []
        try refuseStorage(directory, holding: existing, "export into")
        var taken = Set(existing)
        let writer = try Vdir(directory).batch()
        var dropped = DroppedForDue()
        for entry in InterchangeCodec.iCalendarEntries(entries, parentUIDs: parentUIDs) {
            let uid = ICalendar.uid(of: entry.item)
            try writer.add(ICalendar.encodeFile(entry, dropped: &dropped), as: holders[uid] ?? fileName(for: uid, taken: &taken))
        }
        try writer.flush()
        while try writer.placeNext() != nil {}
        try writer.finish()
        var omissions = Omissions(format: .vdir)
        omissions.note(dropped)
        return omissions
    }

    /// The `.ics` files of `directory` that hold the VTODOs of one UID, by that UID. A file
    /// that cannot be read, or holds several UIDs, is in no entry.
    static func filesByUID(in directory: String) -> [String: String] {
        guard let names = try? files(in: directory) else { return [:] }
        var holders: [String: String] = [:]
        for name in names {
            // (Vdir.read refuses a FIFO or device without waiting on it.)
            guard let bytes = try? Vdir(directory).read(name),
                  let roots = try? ICalComponent.parse(bytes, source: name) else { continue }
            let todos = ICalComponent.calendarLevel(of: roots).filter { $0.name == "VTODO" }
            let uids = Set(todos.compactMap { $0.property("UID")?.value })
            if uids.count == 1, let uid = uids.first, holders[uid] == nil { holders[uid] = name }
        }
        return holders
    }

    /// Whether `path` is a regular file (links followed): reading a FIFO among a vdir's
    /// files would wait forever.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// The item files of `directory`, sorted by name (``isItemFile(_:)``).
    public static func files(in directory: String) throws(InterchangeError) -> [String] {
        try names(in: directory).filter(isItemFile).sorted()
    }

    /// Refuses a directory that holds no `.ics` files (`names`) but whose subdirectories hold
    /// some (`~/.calendars`, the parent of vdirsyncer's vdirs): reading or writing it would
    /// miss the collections; the error names them and says to `verb` one of them.
    static func refuseStorage(_ directory: String, holding names: [String], _ verb: String) throws(InterchangeError) {
        guard names.isEmpty else { return }
        let collections = Vdir(directory).collections()
        if collections.count == 1 {
            throw InterchangeError(source: directory, problem: "holds no .ics files; its subdirectory \(collections[0]) holds some: \(verb) it")
        } else if !collections.isEmpty {
            let named = Vdir.listed(collections)
            throw InterchangeError(source: directory, problem: "holds no .ics files; its subdirectories \(named) hold some: \(verb) one of them")
        }
    }

    /// Reads every `.ics` file of `directory`; a broken file refuses the whole import,
    /// naming that file. `readFile` gives a file's bytes. A directory without `.ics` files
    /// whose subdirectories hold some (`~/.calendars`, the parent of vdirsyncer's vdirs) is
    /// an error naming them, not an import of nothing.
    public static func read(_ directory: String, now: Date = Date(), readFile: (String) throws -> [UInt8]) throws -> (entries: [ExchangeEntry], omissions: Omissions) {
        var todos: [(todo: DecodedToDo, source: String?)] = []
        var omissions = Omissions(format: .vdir, importing: true)
        var options = ICalendarDecodingOptions()
        options.now = now
        let names = try files(in: directory)
        try refuseStorage(directory, holding: names, "import")
        for name in names {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            guard isRegularFile(path) else { throw InterchangeError(source: path, problem: "not a regular file; a vdir holds .ics files") }
            let calendar = try ICalendar.decode(try readFile(path), source: path, options: options)
            for (kind, count) in calendar.skipped.sorted(by: { $0.key < $1.key }) { omissions.note("\(count) \(kind) in \(name)") }
            todos += calendar.todos.map { ($0, path) }
        }
        return (InterchangeCodec.entries(todos), omissions)
    }
}
