import FoundationEssentials
import Glibc
import TickCore

/// Which list syncs with which collection folder, and the names either side gets when
/// the other has none (``CollectionsSync`` lists the rules).
extension CollectionsSync {
    /// The pairings of lists and folders (of the list `only`, when given), in the set's
    /// order of lists, then the lists to make; and the lists bound to a folder outside the
    /// storage, as failures (they are never merged with another folder unasked).
    func pairings(only: String?) throws(ListSetError) -> (pairings: [Pairing], elsewhere: [CollectionsReport.Failure]) {
        let names = try lists.names()
        if let only, !names.contains(only) { throw .unknown(only, known: names) }
        let folders = storage.subfolders()
        var pairings: [Pairing] = [], elsewhere: [CollectionsReport.Failure] = []
        var unbound: [String] = []
        for name in names {
            let binding = try? SyncBinding.read(try bindingPath(of: name))
            guard let binding else { unbound.append(name); continue }
            let folder = URL(fileURLWithPath: binding.vdir)
            if folder.deletingLastPathComponent().standardizedFileURL.path == storage.directory {
                pairings.append(Pairing(list: name, folder: folder.lastPathComponent, bound: true, binding: binding))
            } else {
                elsewhere.append(.init(list: name, reason: """
                    syncs with \(binding.vdir) (the folder it first synced with), not a collection of \(storage.directory); \
                    sync it with `tick sync --list \(name) --vdir \(binding.vdir)`
                    """))
            }
        }
        var free = folders.filter { folder in !pairings.contains { $0.folder == folder } }
        // By displayname first, then by folder name (a server may give a collection with no
        // name its path as displayname, as Radicale gives `alice/tasks`).
        var stillUnbound = unbound
        for named in [collectionName, { $0 }] as [(String) -> String] {
            stillUnbound = stillUnbound.filter { name in
                guard let index = free.firstIndex(where: { named($0).lowercased() == name.lowercased() }) else { return true }
                pairings.append(Pairing(list: name, folder: free.remove(at: index), bound: false))
                return false
            }
        }
        var taken = Set(names.map { $0.lowercased() })
        for folder in free {
            pairings.append(Pairing(list: Self.listName(for: collectionName(folder), folder: folder, taken: &taken),
                                    folder: folder, bound: false, makeList: true))
        }
        // (Case-insensitively: Tasks beside tasks would be one folder on some servers and phones.)
        var takenFolders = Set(((try? Vdir.names(in: storage.directory)) ?? []).map { $0.lowercased() })
        for name in stillUnbound {
            var folder = Vdir.safeName(name), counter = 2
            while takenFolders.contains(folder.lowercased()) {
                folder = "\(Vdir.safeName(name))-\(counter)"
                counter += 1
            }
            takenFolders.insert(folder.lowercased())
            pairings.append(Pairing(list: name, folder: folder, bound: false, makeFolder: true))
        }
        guard let only else { return (pairings, elsewhere) }
        return (pairings.filter { $0.list == only }, elsewhere.filter { $0.list == only })
    }

    /// A collection's name: its `displayname`, else its folder's name.
    func collectionName(_ folder: String) -> String {
        ((try? Vdir(path(of: folder)).metadata())?.displayName) ?? folder
    }

    /// The name of a list made for a collection named `name`: that name when it is a valid
    /// list name not taken (case-insensitively); else, when invalid, the folder's name, and
    /// `2`, `3`, … after a name taken.
    static func listName(for name: String, folder: String, taken: inout Set<String>) -> String {
        var base = isListName(name) ? name : folder
        if !isListName(base) { base = "Collection" }
        var candidate = base, counter = 2
        while taken.contains(candidate.lowercased()) {
            candidate = "\(base) \(counter)"
            counter += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }

    /// Whether a list may be named `name` (``ListSet/validateForNew(_:)``).
    static func isListName(_ name: String) -> Bool {
        do { try ListSet.validateForNew(name) } catch { return false }
        return true
    }

    /// Writes the collection's `displayname` (the folder made when missing), as vdirsyncer's
    /// metadata sync keeps it: the name alone, no line end.
    func writeDisplayName(_ name: String, folder: String) throws(InterchangeError) {
        let directory = path(of: folder)
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw InterchangeError(source: directory, problem: "cannot make the collection folder: \(String(cString: strerror(errno)))")
        }
        try SyncFiles.writeAtomically(Array(name.utf8), to: Vdir(directory).path(of: "displayname"))
    }

    /// Carries a rename since the last sync to the other side: a list renamed in tick
    /// rewrites the collection's `displayname` (true: written); a `displayname` changed on
    /// the server renames the list, unless another list has that name (the list keeps its
    /// name, and a note says so). Renamed on both sides, tick's name wins.
    func carryRename(_ pairing: inout Pairing, report: inout CollectionsReport) throws(InterchangeError) -> Bool {
        guard let recorded = pairing.binding?.displayName else { return false }
        let current = try Vdir(path(of: pairing.folder)).metadata().displayName
        if pairing.list != recorded {
            guard current != pairing.list else { return false }
            try writeDisplayName(pairing.list, folder: pairing.folder)
            report.notes.append("renamed collection \(pairing.folder) to \(pairing.list)")
            return true
        }
        guard let current, current != recorded else { return false }
        if let existing = try listCall({ () throws(ListSetError) in try lists.existingName(like: current) }), existing != pairing.list {
            report.notes.append("collection \(pairing.folder) is named \(current) on the server; list \(existing) has that name, so list \(pairing.list) keeps its name")
            return false
        }
        if pairing.list == ListSet.defaultName {
            report.notes.append("collection \(pairing.folder) is named \(current) on the server; the default list \(pairing.list) cannot be renamed, so it keeps its name")
            return false
        }
        if !Self.isListName(current) {
            report.notes.append("collection \(pairing.folder) is named \(current) on the server, which is no list name; list \(pairing.list) keeps its name")
            return false
        }
        let old = try listCall { () throws(ListSetError) in try lists.store(named: pairing.list).fileURL }
        try listCall { () throws(ListSetError) in try lists.rename(pairing.list, to: current) }
        let new = try listCall { () throws(ListSetError) in try lists.store(named: current).fileURL }
        try SyncPaths.moveList(from: old, to: new, directory: stateDirectory)
        report.notes.append("renamed list \(pairing.list) to \(current), as on the server")
        pairing.list = current
        return false
    }

    /// Records in the list's binding the name list and collection agree on after a sync.
    func recordName(_ name: String, folder: String, bindingPath: String) throws(InterchangeError) {
        guard var binding = try SyncBinding.read(bindingPath) else { return }
        let current = try Vdir(path(of: folder)).metadata().displayName
        // A collection the server left unnamed goes by the list's name.
        let agreed = current ?? name
        guard binding.displayName != agreed, agreed == name else { return }
        binding.displayName = agreed
        try binding.write(to: bindingPath)
    }
}
