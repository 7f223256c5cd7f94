import Foundation
import Testing
@_spi(Benchmark) @testable import TickCore

/// The encoder's bytes are pinned: a list of every field kind against the file tick's
/// encoder wrote for it (Fixtures/encoder-golden.plist, committed), and a list large enough
/// for every table to outgrow the builder's buffer against the length and FNV-1a digest of
/// that encoder's output. Both were written by the encoder of 2026-11-28 (main at 76bf3f3),
/// before the encoder wrote items straight into its buffer; a change to any byte fails here.
@Suite("Keyed archive: the encoder's bytes stay as they were")
struct KeyedArchiveGoldenBytesTests {
    /// A list with every field an item, a location and a list can hold; ASCII, accented,
    /// CJK and emoji text; counts below and past 15; unknown values of every kind.
    static func list(count: Int) throws -> ToDoList {
        let texts = ["Buy milk", "Grüße an Zoë", "東京駅で会う", "👍🏽 ok", String(repeating: "long title ", count: 3)]
        var items: [ToDoItem] = []
        for index in 0..<count {
            let text = texts[index % texts.count]
            let location = index % 4 == 0
                ? try Location(name: "Desk \(text)", latitude: index % 8 == 0 ? 50.94 : nil, longitude: index % 8 == 0 ? 6.96 : nil)
                : nil
            let unknown = index % 97 == 0 ? KeyedArchiveSizeTests.unknown : UnknownFields()
            var item = try ToDoItem(
                id: Self.id(index), title: "\(text) \(index)", notes: index % 3 == 0 ? String(repeating: text, count: 1 + index % 5) : nil,
                due: index % 2 == 0 ? Date(timeIntervalSince1970: 1_800_000_000 + Double(index) * 61.5) : nil, location: location,
                createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)), unknownFields: unknown
            )
            if index % 6 == 0 { item.dueIsDay = true }
            if index % 5 == 1 { item.modifiedAt = Date(timeIntervalSince1970: 1_750_000_000 + Double(index)) }
            if index % 7 == 2 { try item.setPriority(1 + index % 9) }
            if index % 4 == 1 { try item.setTags(["home", "t\(index % 20)", "ünï"]) }
            if index % 9 == 3 { item.recurrence = "FREQ=WEEKLY;BYDAY=MO" }
            if index % 10 == 5, index > 0 { item.parent = Self.id(index - 1) }
            if index % 50 == 7 { item.externalUID = "uid-\(index)@example.com" }
            if index % 60 == 8 { item.iCalendarExtras = "X-A:\(index)\r\nX-B:é\r\n" }
            if index % 70 == 9 { item.taskwarriorExtras = "{\"wait\":\"\(index)\"}" }
            items.append(item)
        }
        let done = items.prefix(count / 3).map { item in
            var item = item
            item.completedAt = Date(timeIntervalSince1970: 1_760_000_000)
            item.parent = nil
            return item
        }
        return try ToDoList(toDoItems: Array(items.dropFirst(count / 3)), doneItems: done, unknownFields: KeyedArchiveSizeTests.unknown)
    }

    static func id(_ index: Int) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for position in 0..<8 { bytes[position] = UInt8(truncatingIfNeeded: index >> (8 * position)) }
        for position in 8..<16 { bytes[position] = UInt8(truncatingIfNeeded: (index &* 2_654_435_761) >> (position - 8)) }
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// FNV-1a, 64 bits.
    static func digest(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
        return hash
    }

    @Test("a list of every field kind is encoded into the committed file's exact bytes, in memory, read back and on disk")
    func smallList() throws {
        let list = try Self.list(count: 300)
        let expected = [UInt8](try KeyedArchiveFixtureTests.fixture("encoder-golden.plist"))
        #expect(KeyedArchive.encode(list) == expected)
        #expect(try KeyedArchive.decode(expected).allItems.map(\.title) == list.allItems.map(\.title))
        let directory = try TemporaryDirectory()
        try ToDoStore(fileURL: directory.file()).save(list)
        #expect(try [UInt8](Data(contentsOf: directory.file())) == expected)
    }

    @Test("a list whose tables outgrow the builder's buffer is encoded into the same bytes as before")
    func largeList() throws {
        let list = try Self.list(count: 40_000)
        let bytes = KeyedArchive.encode(list)
        #expect(bytes.count == 12_073_745)
        #expect(Self.digest(bytes) == 12_876_694_553_691_122_028)
        let directory = try TemporaryDirectory()
        try ToDoStore(fileURL: directory.file()).save(list)
        #expect(try [UInt8](Data(contentsOf: directory.file())) == bytes)
    }
}
