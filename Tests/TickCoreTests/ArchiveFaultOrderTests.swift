import Testing
@testable import TickCore

/// An item with more than one fault is refused for the first the reader meets: the id, the
/// title, notes, due and creation date, the location, then the title's check (as making
/// the item checks it), then the other fields, their priority and tags checked last. The
/// decoder makes each item once from all its fields; this keeps its errors those of the
/// reader that made the item first and set the later fields after.
@Suite("Keyed archive: an item's first fault is the one reported")
struct ArchiveFaultOrderTests {
    static func error(_ tree: PropertyListValue) throws -> ArchiveError {
        try #require(HostileInputTests.archiveError(BinaryPropertyListWriter.encode(tree)))
    }

    static let laterFaults: [(key: String, value: PropertyListValue, saying: String)] = [
        ("dueIsDate", .string("yes"), "is not a bool"),
        ("priority", .integer(42), "priority 42 is outside 1…9"),
        ("modifiedAt", .string("now"), "is not a number"),
    ]

    @Test("a later field's fault alone is reported for itself")
    func laterFaultsAlone() throws {
        for fault in Self.laterFaults {
            let tree = try ArchiveSurgery.replacingInFirstItem(try ArchiveSurgery.fixtureTree(), key: fault.key, with: fault.value)
            let error = try Self.error(tree)
            #expect(error.detail.contains(fault.saying), "\(fault.key): \(error)")
        }
    }

    @Test("an empty title is reported before a fault of a field read after it")
    func emptyTitleFirst() throws {
        let emptyTitle = try ArchiveSurgery.replacingReferencedByFirstItem(
            try ArchiveSurgery.fixtureTree(), key: "title", with: .string("  \n"))
        for fault in Self.laterFaults {
            let error = try Self.error(try ArchiveSurgery.replacingInFirstItem(emptyTitle, key: fault.key, with: fault.value))
            #expect(error.kind == .invalidValue && error.detail.hasSuffix("is invalid: a title cannot be empty"), "\(fault.key): \(error)")
        }
    }

    @Test("a location's fault is reported before an empty title")
    func locationBeforeTitle() throws {
        let emptyTitle = try ArchiveSurgery.replacingReferencedByFirstItem(
            try ArchiveSurgery.fixtureTree(), key: "title", with: .string("  \n"))
        let error = try Self.error(try ArchiveSurgery.replacingReferencedByFirstItem(emptyTitle, key: "location", with: .string("Pole")))
        #expect(error.kind == .malformed && error.detail.contains("location"), "\(error)")
    }
}
