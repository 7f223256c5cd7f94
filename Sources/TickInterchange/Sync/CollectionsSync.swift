import FoundationEssentials
import Glibc
import TickCore

/// `tick sync` with a folder of collections (vdirsyncer's storage folder, `collections =
/// ["from a", "from b"]`): every list of the set syncs with its own collection folder, each
/// by the one-folder merge (``VdirSync``) under its own state and binding.
///
/// Which list goes with which folder (``pairings(only:)``):
/// 1. a list bound to a folder of this storage (``SyncBinding``) stays with it, whatever
///    the collection is called;
/// 2. an unbound collection whose `displayname` (else its folder's name; then, for the
///    lists left, its folder's name) is an unbound list's name, case-insensitively, binds
///    to it: that is asking for it by name;
/// 3. a collection left over makes a list of its name (``CollectionsReport/notes`` says so);
/// 4. a list left over makes a folder named from the list (``Vdir/safeName(_:)``) with a
///    `displayname` file, which `vdirsyncer discover` creates on the server.
///
/// With a vdirsyncer pair (config.toml's, with its vdir), `vdirsyncer sync PAIR` and
/// `metasync PAIR` run once before the merges, and after them `discover` (when a folder was
/// made), `sync` (when a vdir changed) and `metasync` (when a `displayname` was written):
/// not once per list. A list whose
/// collection vdirsyncer names in an error, or whose merge fails, is reported and skipped;
/// the others sync.
public struct CollectionsSync: Sendable {
    public let lists: ListSet
    /// The folder of collections.
    public let storage: Vdir
    public let stateDirectory: URL
    /// The one list to sync (`tick sync --list NAME`); nil for every list.
    public var only: String?
    public var pair: String?
    public var program = "vdirsyncer"
    /// Where vdirsyncer's output goes (appended); nil for this process's standard output.
    public var vdirsyncerOutput: String?
    /// Lets a list's sync delete every item when its collection is empty or gone.
    public var forceDelete = false
    /// Seconds between the open app's (and `--watch`'s) syncs: `[sync] interval`.
    public var interval = SyncConfig.defaultInterval

    public init(lists: ListSet, storage: String, stateDirectory: URL) {
        self.lists = lists
        self.storage = Vdir(URL(fileURLWithPath: storage).standardizedFileURL.path)
        self.stateDirectory = stateDirectory
    }

    /// The sync of every list with `vdir` (else config.toml's vdir) when that is a folder of
    /// collections; nil when it names one vdir (or none), which ``SyncSession`` syncs.
    public static func make(lists: ListSet, only: String?, vdir: String?, environment: [String: String]) throws(InterchangeError) -> CollectionsSync? {
        let config = try SyncConfig.load(environment: environment)
        guard let path = vdir ?? config.vdir, !path.isEmpty, Vdir(path).isCollectionsFolder() else { return nil }
        var sync = CollectionsSync(lists: lists, storage: path, stateDirectory: SyncPaths.defaultDirectory(environment: environment))
        sync.only = only
        // (vdirsyncer's pair goes with the configured vdir only, as for one vdir.)
        sync.pair = vdir == nil ? config.vdirsyncerPair : nil
        sync.program = config.vdirsyncerProgram ?? "vdirsyncer"
        sync.interval = config.interval ?? SyncConfig.defaultInterval
        return sync
    }

    /// One list and the collection folder it syncs with.
    struct Pairing: Equatable {
        var list: String
        var folder: String
        /// Whether the folder is the list's by the binding (else by name, or made).
        var bound: Bool
        var binding: SyncBinding?
        var makeList = false
        var makeFolder = false
    }

    /// Runs it: with `dryRun`, decides and reports, runs no vdirsyncer and writes nothing.
    public func run(dryRun: Bool = false) throws(InterchangeError) -> CollectionsReport {
        try SyncLock.holding(in: stateDirectory, unless: dryRun) { () throws(InterchangeError) in try runHoldingLock(dryRun: dryRun) }
    }

    /// ``run(dryRun:)`` under the sync lock.
    private func runHoldingLock(dryRun: Bool) throws(InterchangeError) -> CollectionsReport {
        try refuseLooseItems()
        var report = CollectionsReport(dryRun: dryRun)
        var failed: [String: String] = [:]
        if !dryRun, pair != nil {
            failed = try runVdirsyncer("sync")
            failed.merge(try runVdirsyncer("metasync")) { first, _ in first }
        }
        let (pairings, elsewhere) = try listCall { () throws(ListSetError) in try self.pairings(only: only) }
        report.failures += elsewhere
        var vdirChanged = false, madeFolder = false, metadataWritten = false
        for index in pairings.indices {
            var pairing = pairings[index]
            if let reason = failed[pairing.folder] {
                report.failures.append(.init(list: pairing.list, reason: reason))
                continue
            }
            do {
                try prepare(&pairing, dryRun: dryRun, report: &report, metadataWritten: &metadataWritten)
                madeFolder = madeFolder || pairing.makeFolder
                // (A dry run makes no list: the collection's items would all be new in it.)
                if dryRun && pairing.makeList { continue }
                let outcome = try syncOne(pairing, dryRun: dryRun)
                vdirChanged = vdirChanged || outcome.writtenToVdir + outcome.removedFromVdir > 0
                report.lists.append(.init(list: pairing.list, report: outcome))
            } catch {
                report.failures.append(.init(list: pairing.list, reason: error.description))
            }
        }
        guard !dryRun, pair != nil else { return report }
        // discover asks before it creates a collection, and no one answers (standard input is
        // /dev/null): without `implicit = "create"` it fails, and the user is told to run it.
        if madeFolder, (try? runVdirsyncer("discover"))?.isEmpty != true { report.noteDiscover(pair: pair ?? "") }
        if vdirChanged || madeFolder { try note(try runVdirsyncer("sync"), in: &report, pairings: pairings) }
        if metadataWritten || madeFolder { try note(try runVdirsyncer("metasync"), in: &report, pairings: pairings) }
        return report
    }

    /// Refuses item files beside the collections: vdirsyncer never uploads them, and no list owns them.
    private func refuseLooseItems() throws(InterchangeError) {
        guard let loose = try storage.itemFiles(), !loose.isEmpty else { return }
        throw InterchangeError(source: storage.directory, problem: """
            is a folder of collections (\(Vdir.listed(storage.subfolders()))) that also holds \
            \(Vdir.listed(loose)) beside them, which vdirsyncer never uploads and no list syncs with; move them into a collection
            """)
    }

    /// A failure after the merges: said of each list whose collection vdirsyncer names.
    private func note(_ failed: [String: String], in report: inout CollectionsReport, pairings: [Pairing]) throws(InterchangeError) {
        for pairing in pairings {
            guard let reason = failed[pairing.folder], !report.failures.contains(where: { $0.list == pairing.list }) else { continue }
            report.failures.append(.init(list: pairing.list, reason: "merged and saved here, not sent to the server (the next sync sends it): " + reason))
        }
    }

    /// The folder of a collection of the storage.
    func path(of folder: String) -> String { storage.path(of: folder) }

    /// The binding file of the list `name`.
    func bindingPath(of name: String) throws(ListSetError) -> String {
        let list = try lists.store(named: name).fileURL
        return SyncPaths(list: list, vdir: list, directory: stateDirectory).binding.path
    }

    /// Makes what the pairing needs (the list, the folder), and carries a rename from one
    /// side to the other (``CollectionsSync+Names``).
    private func prepare(_ pairing: inout Pairing, dryRun: Bool, report: inout CollectionsReport, metadataWritten: inout Bool) throws(InterchangeError) {
        if pairing.makeList {
            if !dryRun { try listCall { () throws(ListSetError) in _ = try lists.add(pairing.list) } }
            let name = collectionName(pairing.folder)
            let why = pairing.list == name ? "" : " for collection \(pairing.folder) (\"\(name)\" \(Self.isListName(name) ? "is taken" : "is no list name"))"
            report.notes.append("\(dryRun ? "would make" : "made") list \(pairing.list)" + why)
        }
        if pairing.makeFolder {
            if !dryRun { try writeDisplayName(pairing.list, folder: pairing.folder) }
            report.notes.append("\(dryRun ? "would make" : "made") folder \(pairing.folder) for list \(pairing.list)")
        }
        if pairing.bound, !dryRun, try carryRename(&pairing, report: &report) { metadataWritten = true }
    }

    /// The one-folder sync of the pairing, then the name both sides agree on recorded in the binding.
    private func syncOne(_ pairing: Pairing, dryRun: Bool) throws(InterchangeError) -> SyncReport {
        let store = try listCall { () throws(ListSetError) in try lists.store(named: pairing.list) }
        var sync = VdirSync(store: store, vdir: URL(fileURLWithPath: path(of: pairing.folder)), stateDirectory: stateDirectory)
        // Bound, or asked for by name: a folder whose name is the list's, or made for it.
        sync.namedByUser = true
        sync.forceDelete = forceDelete
        let set = lists, name = pairing.list
        sync.heldElsewhere = {
            var ids = Set<UUID>()
            for other in (try? set.names()) ?? [] where other != name {
                guard let list = try? set.store(named: other).load() else { continue }
                ids.formUnion(list.toDoItems.map(\.id) + list.doneItems.map(\.id))
            }
            return ids
        }
        let folders = storage.subfolders().filter { $0 != pairing.folder }.map { path(of: $0) }
        sync.inOtherFolders = {
            var ids = Set<UUID>()
            for folder in folders {
                guard let read = try? Vdir.read(folder, readFile: { path throws in try Vdir.readFile(path) }) else { continue }
                ids.formUnion(read.entries.map(\.item.id))
            }
            return ids
        }
        let outcome = try sync.run(dryRun: dryRun)
        if !dryRun { try recordName(pairing.list, folder: pairing.folder, bindingPath: sync.paths.binding.path) }
        return outcome
    }

    /// Runs `body`, a list set's error as an ``InterchangeError``.
    func listCall<T>(_ body: () throws(ListSetError) -> T) throws(InterchangeError) -> T {
        do { return try body() } catch { throw InterchangeError(source: lists.defaultFileURL.path, problem: error.description) }
    }
}
