import Foundation
@testable import TickCore

/// Values the cross-checks with Foundation and Python write and read.
enum ForeignSamples {
    /// A tree of every value type and size class that both Foundation and plistlib can
    /// write: integers of 1, 2, 4, 8 and 16 bytes, reals, dates, data and strings short and
    /// long (counts past 15 use the extended count), ASCII and UTF-16 strings, nesting, and
    /// enough objects (over 255, with data over 64 KiB) for 2-byte references and wider
    /// offsets. UIDs are added when asked (plistlib writes them; Foundation has no public
    /// way to).
    static func everyType(includeUIDs: Bool = false) -> PropertyListValue {
        let integers: [Int64] = [
            0, 1, -1, 127, 128, 255, 256, -129, 32_767, 65_535, 65_536, -65_536,
            Int64(Int32.max), Int64(UInt32.max), Int64(UInt32.max) + 1, Int64.max, Int64.min,
        ]
        let reals: [Double] = [
            0, 1.5, -2.25, .pi, 1e300, -1e-300, Double.leastNonzeroMagnitude, .infinity, -.infinity,
            1_700_004_615.592, 0.1,
        ]
        // Whole seconds: the XML form of a date has no fraction.
        let dates: [Double] = [0, 817_810_200, -978_307_200, -86_400, 1_000_000_000]
        let strings = [
            "", "ASCII", String(repeating: "long ASCII ", count: 30), "Überweisung", "東京タワー", "👍🏽 emoji",
            "a&<>\"' xml", "\ttab\nnewline", "$null", "NSKeyedArchiver", "é",
        ]
        var entries: [(String, PropertyListValue)] = [
            ("true", .bool(true)),
            ("false", .bool(false)),
            ("integers", .array(integers.map(PropertyListValue.integer))),
            ("unsigned", .unsignedInteger(UInt64.max)),
            ("reals", .array(reals.map(PropertyListValue.real))),
            ("dates", .array(dates.map(PropertyListValue.date))),
            ("data", .array([
                .data([]), .data([0, 1, 2, 255]),
                .data((0..<300).map { UInt8(truncatingIfNeeded: $0) }),
                .data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }),
            ])),
            ("strings", .array(strings.map(PropertyListValue.string))),
            ("empty array", .array([])),
            ("empty dictionary", .dictionary(PropertyListDictionary())),
            ("nested", .array([.array([.array([.integer(1), .dictionary(PropertyListDictionary([("deep", .string("yes"))]))])])])),
            ("twenty", .array((0..<20).map { .integer(Int64($0) * 1_000) })),
            ("ключ 🔑", .string("non-ASCII key")),
            ("many", .dictionary(PropertyListDictionary((0..<300).map { ("key \($0)", .integer(Int64($0) * 1_000_003)) }))),
        ]
        if includeUIDs {
            entries.append(("uids", .array([.uid(0), .uid(1), .uid(255), .uid(256), .uid(70_000), .uid(UInt64(UInt32.max))])))
            entries.append(("uid in dict", .dictionary(PropertyListDictionary([("root", .uid(1))]))))
        }
        return .dictionary(PropertyListDictionary(entries))
    }

    /// A list with every optional field both present and absent, non-ASCII text and
    /// coordinates at the extremes. Times are exact in binary so that any conversion
    /// between the 1970 and 2001 epochs is exact.
    static func list() throws -> ToDoList {
        let pole = try Location(name: "Pole", latitude: -90, longitude: 180)
        let cafe = try Location(name: "Café Zoë", latitude: 50.9375, longitude: 6.9609375)
        let nowhere = try Location(name: "No coordinates")
        let toDo = [
            try ToDoItem(id: uuid("9275DC84-C7FB-4F2C-A6A2-FFA0C60F8FE0"), title: "Water the plants",
                         notes: nil, due: Date(timeIntervalSince1970: -86_400.5), location: pole,
                         createdAt: Date(timeIntervalSince1970: 1_700_004_615.5)),
            try ToDoItem(id: uuid("645B030A-CAC3-4134-8E75-D3E38B04A73B"), title: "Überweisungsbeleg 東京 👍🏽",
                         notes: "Line one\nLine two\n\tindented & <tagged>", due: Date(timeIntervalSince1970: 1_796_117_400),
                         location: cafe, createdAt: Date(timeIntervalSince1970: 1_700_016_043.25)),
            try ToDoItem(id: uuid("9D3E1FAC-0A8D-49EA-B7A4-6186DCFA5B1D"), title: "a",
                         notes: "", due: nil, location: nowhere, createdAt: Date(timeIntervalSince1970: 0)),
        ]
        let done = [
            try ToDoItem(id: uuid("32B27CAD-C29F-42FB-82B9-546E0F0220F3"), title: "Renew passport",
                         notes: "备注：带上发票", due: Date(timeIntervalSince1970: 0), location: nil,
                         createdAt: Date(timeIntervalSince1970: 1_700_001_433.125)),
            try ToDoItem(id: uuid("25BB630E-20E3-4E4F-A404-98AD0E123798"), title: "😀😀😀",
                         notes: nil, due: nil, location: pole, createdAt: Date(timeIntervalSince1970: 1_700_026_714)),
        ]
        return try ToDoList(toDoItems: toDo, doneItems: done)
    }

    struct BadUUID: Error {}

    static func uuid(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw BadUUID() }
        return id
    }
}
