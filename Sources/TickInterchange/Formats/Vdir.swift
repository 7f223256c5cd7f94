import FoundationEssentials
import Glibc
import TickCore

/// A vdir: a directory of `.ics` files, one item each, named from the item's UID (the
/// layout vdirsyncer and todoman use).
public enum Vdir {
    /// A file name for `uid`: the UID when it is made only of letters, digits and
    /// `-_.@+`, else the UID with every other character as `_`; a name taken already
    /// (by a UID made safe the same way) gets `-2`, `-3`, ….
    public static func fileName(for uid: String, taken: inout Set<String>) -> String {
        var safe = String(uid.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.@+".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
        if safe.isEmpty || safe.hasPrefix(".") { safe = "_" + safe }
        if safe.utf8.count > 200 { safe = String(safe.prefix(200)) }
        var name = safe + ".ics"
        var counter = 2
        while taken.contains(name) {
            name = "\(safe)-\(counter).ics"
            counter += 1
        }
        taken.insert(name)
        return name
    }

    /// Writes one file per entry into `directory` (made when missing): each to a new
    /// temporary file, the filesystem synced once, then each renamed into place and the
    /// directory synced, as `tick sync` writes a vdir (``SyncFiles``). Returns what the files
    /// left out beside the DUEs they hold (see ``DroppedForDue``).
    @discardableResult
    public static func write(_ entries: [ExchangeEntry], to directory: String) throws(InterchangeError) -> Omissions {
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
        var written: [(temporary: String, path: String)] = []
        var dropped = DroppedForDue()
        do {
            for entry in InterchangeCodec.iCalendarEntries(entries) {
                let uid = ICalendar.uid(of: entry.item)
                let path = directory + "/" + (holders[uid] ?? fileName(for: uid, taken: &taken))
                written.append((try SyncFiles.writeTemporary(ICalendar.encodeFile(entry, dropped: &dropped), for: path, syncing: false), path))
            }
            try SyncFiles.syncFilesystem(of: directory)
        } catch {
            for file in written { unlink(file.temporary) }
            throw error
        }
        for file in written { try SyncFiles.moveIntoPlace(file.temporary, file.path) }
        SyncFiles.syncDirectory(directory)
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
            // (SyncFiles.read refuses a FIFO or device without waiting on it.)
            guard let bytes = try? SyncFiles.read(directory + "/" + name),
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

    /// The `.ics` files of `directory`, sorted by name (hidden files are not items).
    public static func files(in directory: String) throws(InterchangeError) -> [String] {
        guard let handle = opendir(directory) else {
            throw InterchangeError(source: directory, problem: "cannot read the directory: \(String(cString: strerror(errno)))")
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix("."), name.lowercased().hasSuffix(".ics") { names.append(name) }
        }
        return names.sorted()
    }

    /// The subdirectories of `directory` that hold `.ics` files of their own, sorted by name
    /// (hidden ones left out): a vdirsyncer storage keeps one vdir per collection there.
    public static func collections(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            if let inside = try? files(in: path), !inside.isEmpty { names.append(name) }
        }
        return names.sorted()
    }

    /// The collection's name as vdirsyncer keeps it: the first line of the `displayname`
    /// file in `collection`, trimmed; nil when there is none, it is empty, or it is not UTF-8.
    public static func displayName(of collection: String) -> String? {
        let path = collection.hasSuffix("/") ? collection + "displayname" : collection + "/displayname"
        guard isRegularFile(path), let data = FileManager.default.contents(atPath: path),
              let text = String(validating: Array(data.prefix(4096)), as: UTF8.self) else { return nil }
        let line = text.split(whereSeparator: \.isNewline).first.map { String($0).trimmed() } ?? ""
        return line.isEmpty ? nil : line
    }

    /// Refuses a directory that holds no `.ics` files (`names`) but whose subdirectories hold
    /// some (`~/.calendars`, the parent of vdirsyncer's vdirs): reading or writing it would
    /// miss the collections; the error names them and says to `verb` one of them.
    static func refuseStorage(_ directory: String, holding names: [String], _ verb: String) throws(InterchangeError) {
        guard names.isEmpty else { return }
        let collections = collections(in: directory)
        if collections.count == 1 {
            throw InterchangeError(source: directory, problem: "holds no .ics files; its subdirectory \(collections[0]) holds some: \(verb) it")
        } else if !collections.isEmpty {
            // Up to four named, so that the message stays one line for a storage of many.
            let named = collections.prefix(4).joined(separator: ", ") + (collections.count > 4 ? " and \(collections.count - 4) more" : "")
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
