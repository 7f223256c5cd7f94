import FoundationEssentials
import Glibc
import TickCore

/// What the last sync of one list with one vdir left both sides holding: the base of the
/// next sync's three-way merge. Kept outside the list, in
/// `$XDG_STATE_HOME/tick/sync-<key>.json` (`~/.local/state/tick/…`), where the key is a
/// hash of the list's and the vdir's paths, so that one list can sync with several vdirs.
struct SyncState: Codable, Equatable {
    /// One item both sides held.
    struct Entry: Codable, Equatable {
        /// The list item's id (`UUID.uuidString`).
        var id: String
        /// The VTODO's UID as the file writes it.
        var uid: String
        /// The file's name inside the vdir.
        var file: String
        /// The fields both sides held.
        var fields: SyncFields
        /// The file's size and modification time (ns) as sync last read or wrote it: an
        /// unchanged file is not read again (what vdirsyncer does with its etags).
        var size: Int64
        var modified: Int64
    }

    /// The schema version of this file.
    var version = 1
    var list: String
    var vdir: String
    /// Sorted by id, so that the same state always encodes to the same bytes.
    var entries: [Entry]

    /// The encoded state, as compared and written.
    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(self))
    }
}

/// Where sync keeps its state and conflicts for one list and one vdir.
public struct SyncPaths: Sendable {
    /// The state file (JSON).
    public let state: URL
    /// The conflicts file: the values that lost a conflict, appended by each sync that had one.
    public let conflicts: URL
    /// The list's binding (``SyncBinding``): the folder it syncs with, one file per list.
    public let binding: URL
    /// The folder's binding: the list it syncs with, one file per folder (so that a second
    /// list is not merged into a folder another list is bound to).
    public let folderBinding: URL

    /// The paths for `list` and `vdir` in `directory` (by default ``defaultDirectory(environment:)``).
    public init(list: URL, vdir: URL, directory: URL) {
        let key = Self.key(list.standardizedFileURL.path + "\u{0}" + vdir.standardizedFileURL.path)
        state = directory.appendingPathComponent("sync-\(key).json")
        conflicts = directory.appendingPathComponent("sync-\(key)-conflicts.txt")
        binding = directory.appendingPathComponent("sync-\(Self.key(list.standardizedFileURL.path))-folder.json")
        folderBinding = directory.appendingPathComponent("sync-\(Self.key(vdir.standardizedFileURL.path))-list.json")
    }

    /// Moves the sync files of the list at `old` (its binding, the state and conflicts of
    /// the folder it is bound to, and that folder's binding) to the list at `new`, after a rename of the list: the
    /// renamed list goes on syncing with its folder against the same state. Nothing to move
    /// when the list was never synced.
    public static func moveList(from old: URL, to new: URL, directory: URL) throws(InterchangeError) {
        let oldBinding = SyncPaths(list: old, vdir: old, directory: directory).binding
        guard var binding = try SyncBinding.read(oldBinding.path) else { return }
        let folder = URL(fileURLWithPath: binding.vdir)
        let from = SyncPaths(list: old, vdir: folder, directory: directory), to = SyncPaths(list: new, vdir: folder, directory: directory)
        for (source, target) in [(from.state, to.state), (from.conflicts, to.conflicts)] where SyncFiles.stamp(source.path) != nil {
            guard Glibc.rename(source.path, target.path) == 0 else {
                throw InterchangeError(source: source.path, problem: "cannot move it to \(target.path): \(String(cString: strerror(errno)))")
            }
        }
        // The folder's binding names the list too (by its file): it follows the rename.
        if var folderBinding = try SyncBinding.read(from.folderBinding.path), folderBinding.list == binding.list {
            folderBinding.list = new.standardizedFileURL.path
            try folderBinding.write(to: to.folderBinding.path)
        }
        binding.list = new.standardizedFileURL.path
        try binding.write(to: to.binding.path)
        guard unlink(from.binding.path) == 0 || errno == ENOENT else {
            throw InterchangeError(source: from.binding.path, problem: "cannot remove it: \(String(cString: strerror(errno)))")
        }
    }

    /// The folder the list at `list` is bound to (``SyncBinding``), nil when it never synced.
    public static func boundFolder(ofList list: URL, directory: URL) throws(InterchangeError) -> String? {
        try SyncBinding.read(SyncPaths(list: list, vdir: list, directory: directory).binding.path)?.vdir
    }

    /// `$XDG_STATE_HOME/tick`, else `~/.local/state/tick` (``StatePaths``).
    public static func defaultDirectory(environment: [String: String]) -> URL {
        StatePaths.directory(environment: environment)
    }

    /// 16 hex digits of FNV-1a over the text's UTF-8 (``StatePaths/key(_:)``).
    static func key(_ text: String) -> String { StatePaths.key(text) }
}
