import FoundationEssentials
import Glibc
import TickCore

/// A vdir: a directory of `.ics` files, one item each (the layout vdirsyncer and todoman
/// use). This type is the one place that says which files are items, how an item's file
/// is named from its UID, and how the files are read and written; export, import and
/// sync all go through it (docs/sync.md, "The vdir layout").
///
/// - Items are the files whose names end in `.ics`, in any case (`.ICS` too), and do not
///   begin with `.` (hidden files are temporary files or other programs' own).
/// - A new item's file is named from its UID (``fileName(for:taken:)``); a file already in
///   the vdir keeps its name, whatever rule named it.
/// - Files are read with ``DurableFile/read(_:reportingAs:limit:)`` (a FIFO is refused, not
///   waited on) and written with a ``DurableFile/Batch``: a rewritten file keeps its mode, a
///   new one is made 0600, as vdirsyncer makes its files.
public struct Vdir: Sendable {
    /// The directory, as the user named it.
    public let directory: String

    /// The mode of an item file tick makes (a file it rewrites keeps its own).
    public static let newFileMode: mode_t = 0o600
    /// The largest item file read: a bigger one is not one to-do item.
    static let largestFile = 16 << 20

    public init(_ directory: String) {
        self.directory = directory
    }

    /// Whether a file of that name is an item: `.ics` in any case, not hidden.
    public static func isItemFile(_ name: String) -> Bool {
        !name.hasPrefix(".") && name.lowercased().hasSuffix(".ics")
    }

    /// A file name for `uid`: the UID when it is made only of letters, digits and
    /// `-_.@+`, else the UID with every other character as `_`; `_` before a UID that would
    /// be empty or hidden; at most 200 characters; a name taken already gets `-2`, `-3`, ….
    public static func fileName(for uid: String, taken: inout Set<String>) -> String {
        let safe = safeName(uid)
        var name = safe + ".ics"
        var counter = 2
        while taken.contains(name) {
            name = "\(safe)-\(counter).ics"
            counter += 1
        }
        taken.insert(name)
        return name
    }

    /// `text` as a name safe in any file system: letters, digits and `-_.@+` kept, every
    /// other character as `_`; `_` before a name that would be empty or hidden; at most 200
    /// characters. (An item's file and a collection folder tick makes are named so.)
    static func safeName(_ text: String) -> String {
        var safe = String(text.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.@+".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
        if safe.isEmpty || safe.hasPrefix(".") { safe = "_" + safe }
        if safe.utf8.count > 200 { safe = String(safe.prefix(200)) }
        return safe
    }

    /// The path of a file of the vdir.
    public func path(of name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Whether the directory exists.
    public var exists: Bool { Self.isDirectory(directory) }

    /// The item files, sorted by name; nil when the directory does not exist.
    public func itemFiles() throws(InterchangeError) -> [String]? {
        guard exists else {
            var info = stat()
            if stat(directory, &info) == 0 { throw InterchangeError(source: directory, problem: "not a directory") }
            return nil
        }
        return try Self.names(in: directory).filter(Self.isItemFile).sorted()
    }

    /// A file's bytes (refused when it is not a regular file, or larger than 16 MiB).
    public func read(_ name: String) throws(InterchangeError) -> [UInt8] {
        try Self.readFile(path(of: name))
    }

    /// The bytes of the file at `path`, through ``DurableFile/read(_:reportingAs:limit:)``
    /// (at most 16 MiB; a missing file is an error naming it).
    static func readFile(_ path: String) throws(InterchangeError) -> [UInt8] {
        let bytes = try InterchangeError.converting { () throws(StoreError) in try DurableFile.read(path, limit: largestFile) }
        guard let bytes else { throw InterchangeError(source: path, problem: "cannot open: \(String(cString: strerror(ENOENT)))") }
        return bytes
    }

    /// A batch writing this vdir's files (the directory made, 0700, when missing).
    public func batch() throws(InterchangeError) -> Writer {
        if !exists {
            // (An existing file there would be FileManager's error with a code, not a reason.)
            if FileManager.default.fileExists(atPath: directory) {
                throw InterchangeError(source: directory, problem: "not a directory; a vdir is a directory of .ics files")
            }
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw InterchangeError(source: directory, problem: "cannot make the directory: \(error)")
            }
        }
        return Writer(batch: try InterchangeError.converting { () throws(StoreError) in
            try DurableFile.Batch(directory: directory, newMode: Self.newFileMode)
        })
    }

    /// Writes a vdir's files (``DurableFile/Batch``), with errors as ``InterchangeError``s.
    public struct Writer {
        let batch: DurableFile.Batch

        /// Writes a file's new content to its temporary file.
        public func add(_ bytes: [UInt8], as name: String) throws(InterchangeError) {
            try InterchangeError.converting { () throws(StoreError) in try batch.add(bytes, as: name) }
        }

        /// One flush for every file added.
        public func flush() throws(InterchangeError) {
            try InterchangeError.converting { () throws(StoreError) in try batch.flush() }
        }

        /// Renames the next file into place; its name, nil when none is left.
        public func placeNext() throws(InterchangeError) -> String? {
            try InterchangeError.converting { () throws(StoreError) in try batch.placeNext() }
        }

        /// Removes an item file.
        public func remove(_ name: String) throws(InterchangeError) {
            try InterchangeError.converting { () throws(StoreError) in try batch.remove(name) }
        }

        /// Syncs the directory.
        public func finish() throws(InterchangeError) {
            try InterchangeError.converting { () throws(StoreError) in try batch.finish() }
        }
    }

    /// Whether `path` is a directory (links followed).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Every name in `directory` but `.` and `..`.
    static func names(in directory: String) throws(InterchangeError) -> [String] {
        guard let handle = opendir(directory) else {
            throw InterchangeError(source: directory, problem: "cannot read the directory: \(String(cString: strerror(errno)))")
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}

extension InterchangeError {
    /// The store's error as an interchange error: the same path and problem.
    public init(_ error: StoreError) {
        self.init(source: error.path, problem: error.problem)
    }

    /// Runs `body`, its ``StoreError`` made an ``InterchangeError``.
    static func converting<T>(_ body: () throws(StoreError) -> T) throws(InterchangeError) -> T {
        do { return try body() } catch { throw InterchangeError(error) }
    }
}
