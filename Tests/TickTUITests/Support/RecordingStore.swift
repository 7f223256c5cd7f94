import Foundation
import TickCore
@testable import TickTUI

/// A ``ToDoStore`` on a temporary file that counts saves and can be told to fail them.
final class RecordingStore: ListStore {
    let store: ToDoStore
    let directory: URL
    private(set) var applyCalls: [[ToDoList.Operation]] = []
    /// The time each save's operations were to be merged at.
    private(set) var commitMoments: [Date] = []
    /// How many of the next saves fail (as a full disk would).
    var failuresToCome = 0
    /// Runs at the start of each save (to look at the screen, or to type keys meanwhile).
    var onCommit: (() -> Void)?

    /// Whether the temporary folder is this store's to remove.
    private let ownsDirectory: Bool

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-runloop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = ToDoStore(fileURL: directory.appendingPathComponent("list.plist"))
        ownsDirectory = true
    }

    /// The store of a list file in a folder someone else removes (``RecordingLists``).
    init(fileURL: URL) {
        directory = fileURL.deletingLastPathComponent()
        store = ToDoStore(fileURL: fileURL)
        ownsDirectory = false
    }

    deinit { if ownsDirectory { try? FileManager.default.removeItem(at: directory) } }

    var fileName: String { store.fileName }
    var fileURL: URL { store.fileURL }

    func load() throws(StoreError) -> ToDoList { try store.load() }

    func commit(
        _ operations: [ToDoList.Operation], appliedTo list: ToDoList, readAt version: FileVersion?, at now: Date, zone: LocalTime
    ) throws(StoreError) -> (list: ToDoList, version: FileVersion?) {
        try commit(operations, appliedTo: list, readAt: version, at: now, zone: zone, waitingForLock: true) { _ in }
    }

    /// Records the save, then saves through the real store (its lock too: a lock another
    /// process holds makes a save that does not wait `.busy`).
    func commit(
        _ operations: [ToDoList.Operation], appliedTo list: ToDoList, readAt version: FileVersion?, at now: Date, zone: LocalTime,
        waitingForLock: Bool, underLock: (FileVersion?) -> Void
    ) throws(StoreError) -> (list: ToDoList, version: FileVersion?) {
        applyCalls.append(operations)
        commitMoments.append(now)
        onCommit?()
        if failuresToCome > 0 {
            failuresToCome -= 1
            throw StoreError(kind: .io, path: store.fileURL.path, problem: "no space left on device")
        }
        return try store.commit(operations, appliedTo: list, readAt: version, at: now, zone: zone, waitingForLock: waitingForLock, underLock: underLock)
    }

    func version() -> FileVersion? { store.version() }

    /// Another process (a script running `tick add`) changing the same file.
    func changeElsewhere(_ operations: [ToDoList.Operation]) throws {
        _ = try ToDoStore(fileURL: store.fileURL).apply(operations)
    }

    /// The titles on disk, To Do then Done.
    func titlesOnDisk() throws -> (toDo: [String], done: [String]) {
        let list = try ToDoStore(fileURL: store.fileURL).load()
        return (list.toDoItems.map { $0.title }, list.doneItems.map { $0.title })
    }
}
