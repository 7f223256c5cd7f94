import FoundationEssentials
import TickCore

/// The folder a list syncs with. A list is bound to the folder it first synced with, and a
/// list and a folder that never synced together are never merged unless the user names
/// the folder (`tick sync --vdir DIR`): a `[sync] vdir` meant for one list must not pull
/// another list (`tick --file home.plist`) into its collection, both ways.
///
/// Kept in `sync-<key of the list>-folder.json` beside sync's state. A list synced before
/// bindings existed has a state file for its pair and no binding: it is bound to the
/// folder it is used with the first time, without asking.
struct SyncBinding: Codable, Equatable {
    /// The schema version of this file.
    var version = 1
    var list: String
    /// The folder, as sync's state names it (``VdirSync/vdir``'s path).
    var vdir: String
    /// The collection's `displayname` when list and collection last agreed on the name (a
    /// collection of a folder of collections, ``CollectionsSync``): which side renamed since.
    var displayName: String?

    /// Whether a sync of `list` with `vdir` may go on. Named by the user, it always may (and
    /// binds the list to `vdir`); else not when the list is bound to another folder, nor
    /// when both sides hold items that never synced together (no state for the pair).
    /// The folder's own binding (`folder`) says which list it syncs with: another list is
    /// not merged into it unasked, even an empty one.
    static func check(_ binding: SyncBinding?, folder: SyncBinding?, list path: String, vdir: String, namedByUser: Bool,
                      pairHasState: Bool, listHasItems: Bool, vdirHasItems: Bool) throws(InterchangeError) {
        guard !namedByUser else { return }
        let ask = "to merge them all the same, name the folder: `tick sync --vdir \(vdir)`"
        if let folder, folder.list != URL(fileURLWithPath: path).standardizedFileURL.path {
            throw InterchangeError(source: path, problem: """
                \(vdir) syncs with the list \(folder.list), not this one; tick will not merge this list into it unasked \
                (to sync this list with \(vdir) from now on instead, name the folder: `tick sync --vdir \(vdir)`)
                """)
        }
        if let binding {
            guard binding.vdir != vdir else { return }
            throw InterchangeError(source: path, problem: """
                this list syncs with \(binding.vdir), and \(vdir) never synced with it; tick will not merge them unasked \
                (to sync this list with \(vdir) from now on instead, name the folder: `tick sync --vdir \(vdir)`)
                """)
        }
        guard !pairHasState, listHasItems, vdirHasItems else { return }
        throw InterchangeError(source: path, problem: """
            this list and \(vdir) both hold items and never synced together; tick will not merge them unasked (\(ask))
            """)
    }

    /// The binding at `path`, nil when there is none.
    static func read(_ path: String) throws(InterchangeError) -> SyncBinding? {
        guard SyncFiles.stamp(path) != nil else { return nil }
        let bytes = try SyncFiles.read(path)
        do {
            return try JSONDecoder().decode(SyncBinding.self, from: Data(bytes))
        } catch {
            throw InterchangeError(source: path, problem: "the list's sync binding cannot be read (\(error)); move it aside to bind the list again")
        }
    }

    /// Writes the binding to `path`.
    func write(to path: String) throws(InterchangeError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes: [UInt8]
        do { bytes = Array(try encoder.encode(self)) } catch { throw InterchangeError(source: path, problem: "\(error)") }
        try SyncFiles.writeAtomically(bytes, to: path)
    }
}
