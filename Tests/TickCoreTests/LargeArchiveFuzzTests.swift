import Foundation
import Testing
@testable import TickCore

/// Seeded, aimed mutations (``PlistMutator``) of a list of a few hundred items with every
/// kind of field (``FuzzCorpus``), read the three ways tick reads a list: whole, one item at
/// a time (``ArchivedItems``, as `tick list` does) and in two steps with a preview (as the
/// full-screen app does). Every mutant must be a list or a typed error, never a trap; the
/// three ways must agree. Scripts/hostile runs these in debug, release and address-sanitizer
/// builds, where an out-of-bounds read that happens not to trap is caught too.
@Suite("Hostile input: mutations of a large archive", .timeLimit(.minutes(5)))
struct LargeArchiveFuzzTests {
    /// Made by each test, not kept in a static: LeakSanitizer takes what a global holds
    /// through Swift's tagged enum payloads for leaks when the process ends.
    static func list() throws -> ToDoList {
        try FuzzCorpus.list(count: 300, seed: 0x51_2E_A5)
    }

    static func archive() throws -> [UInt8] {
        let list = try Self.list()
        let bytes = KeyedArchive.encode(list)
        #expect(try KeyedArchive.decode(bytes) == list)
        return bytes
    }

    /// The list a mutant decodes to, or the error; an error must say what and point into the file.
    static func decode(_ bytes: [UInt8]) -> Result<ToDoList, ArchiveError> {
        let result = Result { () throws(ArchiveError) in try KeyedArchive.decode(bytes) }
        if case .failure(let error) = result {
            #expect(!error.detail.isEmpty)
            #expect((0...bytes.count).contains(error.offset ?? 0), "\(error) points outside the \(bytes.count)-byte file")
        }
        return result
    }

    @Test("the corpus has every kind of field and the mutator finds every region of its file")
    func corpusCoversEveryKind() throws {
        let list = try Self.list()
        let items = list.allItems
        #expect(items.count == 300 && !list.doneItems.isEmpty)
        #expect(items.contains { $0.parent != nil } && items.contains { $0.priority != nil } && items.contains { !$0.tags.isEmpty })
        #expect(items.contains { $0.location?.coordinate != nil } && items.contains { $0.notes != nil } && items.contains { $0.recurrence != nil })
        #expect(items.contains { $0.title.utf16.contains { UTF16.isLeadSurrogate($0) } })
        let layout = PlistLayout(try Self.archive())
        for region in PlistLayout.Region.allCases {
            #expect(!(layout.positions[region] ?? []).isEmpty, "no \(region) bytes")
        }
        #expect(!layout.utf16HighBytes.isEmpty)
    }

    @Test("1,500 aimed mutations each decode to a list that survives its own round trip, or a typed error")
    func wholeRead() throws {
        var mutator = PlistMutator(try Self.archive(), seed: 0xF0_22)
        var errors: [PlistLayout.Region: Int] = [:]
        for _ in 0..<1_500 {
            let (bytes, region) = mutator.next()
            switch Self.decode(bytes) {
            case .success(let list): #expect(try KeyedArchive.decode(KeyedArchive.encode(list)) == list)
            case .failure: errors[region, default: 0] += 1
            }
        }
        // A region whose changes are never noticed is one the reader does not check.
        for region in PlistLayout.Region.allCases {
            #expect(errors[region, default: 0] > 0, "no change in the \(region) bytes was an error")
        }
    }

    @Test("1,000 mutations read one item at a time give the whole read's items, or its error")
    func itemsOneAtATime() throws {
        var mutator = PlistMutator(try Self.archive(), seed: 0x17E_4)
        for _ in 0..<1_000 {
            let (bytes, _) = mutator.next()
            var seen: [ToDoItem] = []
            let streamed = Result { () throws(ArchiveError) in
                try ArchivedItems(bytes).forEach { _, item in seen.append(copy item); return true }
            }
            switch (Self.decode(bytes), streamed) {
            case (.success(let list), .success(let sizes)):
                #expect(seen == list.allItems)
                #expect(sizes == (list.toDoItems.count, list.doneItems.count))
            case (.success, .failure(let error)):
                Issue.record("the whole read decoded what the streamed read refused: \(error)")
            case (.failure(let whole), .failure(let error)):
                #expect(whole.description == error.description)
            case (.failure, .success):
                // Only the list's own checks (its tree order) can refuse items that each read.
                break
            }
        }
    }

    @Test("1,000 mutations read with a preview of the first items give the whole read's list, or its error")
    func previewThenWhole() throws {
        var mutator = PlistMutator(try Self.archive(), seed: 0x9E_1E)
        // Fewer than either section holds, so that the preview stops early in both.
        let limit = 60
        for _ in 0..<1_000 {
            let (bytes, _) = mutator.next()
            var previews: [ListPreview] = []
            let staged = Result { () throws(ArchiveError) in
                try KeyedArchive.decode(bytes, previewItems: limit) { previews.append($0) }
            }
            #expect(previews.count <= 1)
            switch (Self.decode(bytes), staged) {
            case (.success(let list), .success(let whole)):
                #expect(whole == list)
                let preview = try #require(previews.first)
                #expect(preview.list.toDoItems == Array(list.toDoItems.prefix(limit)))
                #expect(preview.list.doneItems == Array(list.doneItems.prefix(limit)))
                #expect(preview.toDoCount == list.toDoItems.count && preview.doneCount == list.doneItems.count)
            case (.failure(let error), .failure(let stagedError)) where !previews.isEmpty:
                // The second step is a whole read.
                #expect(error.description == stagedError.description)
            case (.failure, .failure):
                // The first step reads the first Done items before the later To Do ones, so
                // in a file with two faults it may meet the other one first.
                break
            case (.success, .failure(let error)), (.failure(let error), .success):
                Issue.record("the staged read and the whole read disagree: \(error)")
            }
        }
    }
}
