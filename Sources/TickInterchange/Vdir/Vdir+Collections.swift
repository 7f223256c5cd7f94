import FoundationEssentials
import Glibc
import TickCore

/// A vdirsyncer storage folder (`path` of a `filesystem` storage, `~/.calendars`) holds one
/// vdir per collection, and beside a collection's items vdirsyncer keeps what the server
/// says of it, one small file per property (`metadata = ["displayname", "color"]`).
extension Vdir {
    /// What vdirsyncer keeps of a collection's properties.
    public struct Metadata: Sendable, Equatable {
        /// The collection's name as people see it (`displayname`).
        public var displayName: String?
        /// Its colour, as the server gives it (`#RRGGBB` or `#RRGGBBAA`; `color`).
        public var color: String?

        public init(displayName: String? = nil, color: String? = nil) {
            self.displayName = displayName
            self.color = color
        }
    }

    /// The metadata files vdirsyncer writes, and the field each fills: a new property is one row.
    static let metadataFiles: [(file: String, field: any WritableKeyPath<Metadata, String?> & Sendable)] = [
        ("displayname", \.displayName),
        ("color", \.color),
    ]

    /// The largest metadata file read: a name or a colour is a line.
    static let largestMetadataFile = 64 << 10

    /// The collection's metadata: each file's first line, surrounding white space trimmed; a
    /// file that is missing or empty gives nil. A file that is not UTF-8 is an error naming it.
    public func metadata() throws(InterchangeError) -> Metadata {
        var metadata = Metadata()
        for row in Self.metadataFiles {
            let path = path(of: row.file)
            let bytes = try InterchangeError.converting { () throws(StoreError) in
                try DurableFile.read(path, limit: Self.largestMetadataFile)
            }
            guard let bytes else { continue }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw InterchangeError(source: path, problem: "not valid UTF-8; vdirsyncer writes a collection's \(row.file) as text")
            }
            let line = text.split(whereSeparator: \.isNewline).first ?? ""
            let trimmed = String(line.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
            metadata[keyPath: row.field] = trimmed.isEmpty ? nil : trimmed
        }
        return metadata
    }

    /// Whether the directory holds what vdirsyncer writes into a collection: an item file or
    /// a metadata file.
    public func isCollection() -> Bool {
        guard let names = try? Self.names(in: directory) else { return false }
        let metadataNames = Set(Self.metadataFiles.map(\.file))
        return names.contains { Self.isItemFile($0) || metadataNames.contains($0) }
    }

    /// The sub-folders that hold item files, sorted by name, hidden ones left out: the
    /// directory is a vdirsyncer storage, not one vdir, when there are any. With
    /// `includingEmpty`, also those that hold only metadata (``isCollection()``): an empty
    /// collection.
    public func collections(includingEmpty: Bool = false) -> [String] {
        guard let names = try? Self.names(in: directory) else { return [] }
        return names.filter { name in
            guard !name.hasPrefix(".") else { return false }
            let sub = Vdir(path(of: name))
            guard sub.exists else { return false }
            return includingEmpty ? sub.isCollection() : !((try? sub.itemFiles()) ?? []).isEmpty
        }.sorted()
    }

    /// Every sub-folder whose name does not begin with `.`, sorted: in a folder of
    /// collections, each is one, also an empty one `vdirsyncer discover` just made.
    public func subfolders() -> [String] {
        guard let names = try? Self.names(in: directory) else { return [] }
        return names.filter { !$0.hasPrefix(".") && Self.isDirectory(path(of: $0)) }.sorted()
    }

    /// Whether this is a folder of collections (vdirsyncer's storage folder): a sub-folder
    /// holds items or metadata (``collections(includingEmpty:)``), or the folder holds no
    /// items itself and has sub-folders (as `vdirsyncer discover` leaves it for empty
    /// collections).
    public func isCollectionsFolder() -> Bool {
        guard collections(includingEmpty: true).isEmpty else { return true }
        return ((try? itemFiles()) ?? []).isEmpty && !subfolders().isEmpty
    }

    /// Refuses to sync a folder of collections (a vdirsyncer storage): a new item's file
    /// would land beside the collections, where vdirsyncer never uploads it. The error
    /// names them and says to name one collection folder.
    public func refuseCollectionsFolder() throws(InterchangeError) {
        let collections = collections(includingEmpty: true)
        guard let first = collections.first else { return }
        throw InterchangeError(source: directory, problem: """
            is a folder of collections (\(Self.listed(collections))), not one collection: a new item's file would land beside \
            them, where vdirsyncer never uploads it; name one collection folder, e.g. `tick sync --vdir \(path(of: first))` \
            (or set it as vdir under [sync])
            """)
    }

    /// Up to four names, then how many more, so that a message stays one line for a storage of many.
    static func listed(_ names: [String]) -> String {
        names.prefix(4).joined(separator: ", ") + (names.count > 4 ? " and \(names.count - 4) more" : "")
    }
}
