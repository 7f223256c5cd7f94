import Foundation
import Testing
import TickCore
@testable import TickInterchange

@Suite("Byte writer")
struct ByteWriterTests {
    private func iso(_ date: Date) -> String {
        var writer = ByteWriter()
        writer.iso8601(date)
        return writer.text
    }

    @Test("dates print as ISO 8601 UTC, the same as Foundation's formatter for whole milliseconds")
    func matchesFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        let withFraction = ISO8601DateFormatter()
        withFraction.timeZone = TimeZone(secondsFromGMT: 0)
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var state: UInt64 = 12_345
        var samples: [Double] = [0, 951_782_400, 1_796_113_800, -2_208_988_800, 4_102_444_800 - 1, 1_700_004_615.5]
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            samples.append(Double(Int64(state >> 33) % 8_000_000_000) - 3_000_000_000)
        }
        for seconds in samples {
            let date = Date(timeIntervalSince1970: seconds)
            let expected = seconds.rounded(.down) == seconds ? formatter.string(from: date) : withFraction.string(from: date)
            #expect(iso(date).replacingOccurrences(of: ".5Z", with: ".500Z") == expected, "for \(seconds)")
        }
        #expect(iso(Date(timeIntervalSince1970: 1_700_004_615.592)) == "2023-11-14T23:30:15.592Z")
        #expect(iso(Date(timeIntervalSince1970: 1_700_004_615)) == "2023-11-14T23:30:15Z")
    }

    @Test("every instant an item can hold reads back as the same Date")
    func datesRoundTrip() throws {
        var samples: [Date] = [Date(), Date(timeIntervalSince1970: 0.1), Date(timeIntervalSince1970: -0.5),
                               Date(timeIntervalSince1970: 1_795_000_000.123456789), Date(timeIntervalSince1970: -86_400.25)]
        var state: UInt64 = 99
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            samples.append(Date(timeIntervalSince1970: Double(Int64(state >> 20) % 4_000_000_000_000) / 1_000.0 + 0.000123))
        }
        for date in samples {
            // What an item stores (seconds since 1970 in a Double), as the archive keeps it.
            let item = try ToDoItem(title: "x", createdAt: date)
            let text = iso(item.createdAt)
            let read = try #require(DateText.iso8601(Substring(text)), "\(text)")
            let again = try ToDoItem(id: item.id, title: "x", createdAt: read)
            #expect(again.createdAt == item.createdAt, "\(text)")
        }
    }

    @Test("dates with a zone offset and taskwarrior's compact dates are read; others are refused")
    func readingDates() {
        #expect(DateText.iso8601("2026-12-01T09:30:00+01:00") == Date(timeIntervalSince1970: 1_796_113_800))
        #expect(DateText.iso8601("2026-12-01T08:30:00Z") == Date(timeIntervalSince1970: 1_796_113_800))
        #expect(DateText.compact("20261201T083000Z") == Date(timeIntervalSince1970: 1_796_113_800))
        for bad in ["2026-13-01T08:30:00Z", "2026-12-01T24:00:00Z", "2026-12-01", "2026-12-01T08:30:00", "2026-12-01T08:30:00.Z", "x"] {
            #expect(DateText.iso8601(Substring(bad)) == nil, "\(bad)")
        }
        #expect(DateText.compact("20261301T083000Z") == nil)
        var writer = ByteWriter()
        writer.compactDate(Date(timeIntervalSince1970: 1_796_113_800))
        #expect(writer.text == "20261201T083000Z")
    }

    @Test("strings are escaped as JSON requires and read back unchanged")
    func stringsRoundTrip() throws {
        let samples = [
            "plain", "", "quote \" and backslash \\", "line\nbreak\r\ttab", "bell \u{07} nul \u{00} esc \u{1B}",
            "separators \u{2028} \u{2029}", "東京 👍🏽 Café", "dash – em — ellipsis …",
        ]
        for sample in samples {
            var writer = ByteWriter()
            writer.jsonString(sample)
            let literal = writer.text
            let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
            #expect(decoded == [sample], "\(literal)")
            #expect(!literal.contains("\n") && !literal.unicodeScalars.contains { $0.value < 0x20 })
            #expect(try JSONParser.parse(Array("[\(literal)]".utf8), source: "t") == .array([.string(sample)], line: 1))
        }
    }

    @Test("integers and padded numbers print in decimal")
    func integers() {
        var writer = ByteWriter()
        for value: Int64 in [0, 7, -7, 1234567890, .max, .min] {
            writer.integer(value)
            writer.byte(UInt8(ascii: " "))
        }
        writer.padded(5, width: 4)
        writer.padded(12345, width: 2)
        #expect(writer.text == "0 7 -7 1234567890 9223372036854775807 -9223372036854775808 000512345")
    }

    @Test("a UUID is written as uuidString writes it, upper- or lower-case")
    func uuids() {
        for _ in 0..<200 {
            let id = UUID()
            var upper = ByteWriter()
            upper.uuid(id)
            var lower = ByteWriter()
            lower.uuid(id, lowercase: true)
            #expect(upper.text == id.uuidString)
            #expect(lower.text == id.uuidString.lowercased())
        }
    }

    @Test("collected bytes survive the buffer growing many times, past the sizes that get a mapping of their own")
    func growth() {
        var writer = ByteWriter(capacity: 16)
        var expected: [UInt8] = []
        var piece = 1
        while expected.count < 5_000_000 {
            let bytes = (0..<piece).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ expected.count) }
            writer.append(contentsOf: bytes)
            expected += bytes
            piece = piece * 3 % 70_001 + 1
        }
        #expect(writer.count == expected.count)
        #expect(writer.bytes == expected)
    }
}
