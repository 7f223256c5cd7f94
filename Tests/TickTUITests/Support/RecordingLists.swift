import Foundation
import TickCore
@testable import TickTUI

/// A ``ListSet`` in a temporary folder whose lists the app opens as ``RecordingStore``s (one
/// a list, kept, so that a test can make its saves fail); everything else is the set's.
final class RecordingLists: ListCatalog {
    let set: ListSet
    let directory: URL
    private var stores: [String: RecordingStore] = [:]

    /// The default list and the named lists `names`, empty.
    init(_ names: [String]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-lists-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        set = ListSet(defaultFileURL: directory.appendingPathComponent("list.plist"), journalDirectory: directory.appendingPathComponent("state"))
        _ = try set.store(named: ListSet.defaultName).apply([])
        for name in names { try set.add(name) }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The list `name`'s store as the app opens it.
    func store(_ name: String) throws -> RecordingStore { try openStore(name) }

    func names() throws(ListSetError) -> [String] { try set.names() }
    func summaries() throws(ListSetError) -> [ListSummary] { try set.summaries() }

    func openStore(_ name: String) throws(ListSetError) -> RecordingStore {
        if let store = stores[name] { return store }
        let store = RecordingStore(fileURL: try set.store(named: name).fileURL)
        stores[name] = store
        return store
    }

    func makeList(_ name: String) throws(ListSetError) { try set.makeList(name) }
    func renameList(_ old: String, to new: String) throws(ListSetError) { try set.renameList(old, to: new) }
    func removeList(_ name: String, withItems: Bool) throws(ListSetError) -> Int { try set.removeList(name, withItems: withItems) }
    func moveItems(_ ids: [UUID], from source: String, to target: String) throws(ListSetError) -> String? {
        try set.moveItems(ids, from: source, to: target)
    }
    func undoNewestMove(in name: String, anyway: Bool) -> ListMoveUndo { set.undoNewestMove(in: name, anyway: anyway) }
}
