import FoundationEssentials
import TickCore
import TickInterchange

/// `tick import DIR` where DIR is a folder of collections (`~/.calendars`, vdirsyncer's
/// layout: sub-folders of `.ics` files, each with an optional `displayname` file): each
/// collection into the list of its name.
extension ImportCommand {
    /// One collection to import: where, which list, and what it holds.
    struct Collection {
        var path: String
        var list: String
        var entries: [ExchangeEntry]
    }

    /// Imports each collection of `directory` into the list named by its `displayname`
    /// (else its folder's name; a list of that name in another case is that list), making
    /// a list that does not exist — asked for by this import, and said. Every collection is
    /// read before anything changes: a broken file refuses the whole import.
    func importCollections(in directory: String, named folders: [String]) throws {
        guard storeOptions.list == nil else {
            throw CLIError("\(directory): holds collections, each imported into the list of its name; --list does not go with it (import one collection with --list)")
        }
        let set = storeOptions.listSet
        var collections: [Collection] = []
        for folder in folders {
            let path = directory.hasSuffix("/") ? directory + folder : directory + "/" + folder
            let shown = (try? Vdir(path).metadata())?.displayName.flatMap { (try? ListSet.validateForNew($0)) == nil ? nil : $0 } ?? folder
            try ListSet.validateForNew(shown)
            let list = try set.existingName(like: shown) ?? shown
            let (entries, omissions) = try Vdir.read(path, readFile: InputFile.read)
            if let message = omissions.message { warn(message) }
            collections.append(Collection(path: path, list: list, entries: entries))
        }
        try importIntoLists(collections, format: .vdir)
    }

    /// Imports the items of tick's JSON of several lists (`tick list --all-lists --json`),
    /// each into the list its `"list"` names (items without one into the default list),
    /// making a list that does not exist, as ``importCollections(in:named:)`` does.
    func importByList(_ entries: [ExchangeEntry], source: String) throws {
        let set = storeOptions.listSet
        var order: [String] = []
        var groups: [String: [ExchangeEntry]] = [:]
        for entry in entries {
            let named = entry.list.map { $0.trimmed() } ?? ListSet.defaultName
            // (Names that differ only in case are one list, made or not.)
            let list = try set.existingName(like: named) ?? order.first { $0.lowercased() == named.lowercased() } ?? named
            if groups[list] == nil {
                try ListSet.validateForNew(list)
                order.append(list)
            }
            groups[list, default: []].append(entry)
        }
        let collections = order.map { Collection(path: source, list: $0, entries: groups[$0] ?? []) }
        // Every list's import planned before anything changes: one that would be refused
        // (a parent cycle, an id twice) refuses the whole import.
        for collection in collections {
            let list = try set.existingName(like: collection.list) == nil ? ToDoList() : try set.store(named: collection.list).load()
            _ = try ImportPlan(importing: collection.entries, from: .json, into: list, source: source)
        }
        try importIntoLists(collections, format: .json)
    }

    /// Imports each collection into its list, making the lists that do not exist yet; with
    /// ``dryRun``, says what it would do.
    private func importIntoLists(_ collections: [Collection], format: InterchangeFormat) throws {
        let set = storeOptions.listSet
        for collection in collections {
            let exists = try set.existingName(like: collection.list) != nil
            if dryRun {
                let list = exists ? try set.store(named: collection.list).load() : ToDoList()
                let plan = try ImportPlan(importing: collection.entries, from: format, into: list, source: collection.path)
                if !exists { output("would make list \(VisibleText.line(collection.list))") }
                output("would import into \(VisibleText.line(collection.list)): add \(plan.added.count), update \(plan.updated.count), leave \(plan.unchanged.count) unchanged")
                continue
            }
            if !exists {
                try set.add(collection.list)
                output("made list \(VisibleText.line(collection.list))")
            }
            let plan = try Self.importRecording(collection.entries, from: format, into: try set.store(named: collection.list),
                                                source: collection.path)
            output("imported into \(VisibleText.line(collection.list)): added \(plan.added.count), updated \(plan.updated.count), left \(plan.unchanged.count) unchanged")
        }
    }
}
