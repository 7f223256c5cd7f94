import Foundation
import Testing
@testable import tick

@Suite("JSON output")
struct JSONOutputTests {
    @Test("dates print as ISO 8601 UTC, the same as Foundation's formatter, milliseconds only when present")
    func matchesFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        let withFraction = ISO8601DateFormatter()
        withFraction.timeZone = TimeZone(secondsFromGMT: 0)
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var state: UInt64 = 12_345
        var samples: [Double] = [0, -1, -86_400.5, 951_782_400, 1_796_113_800, 1_700_004_615.592, -2_208_988_800, 4_102_444_800 - 1]
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            samples.append(Double(Int64(state >> 33) % 8_000_000_000) - 3_000_000_000)
        }
        for seconds in samples {
            let date = Date(timeIntervalSince1970: seconds)
            let milliseconds = (seconds * 1000).rounded(.down)
            let whole = milliseconds.truncatingRemainder(dividingBy: 1000) == 0
            let expected = whole
                ? formatter.string(from: Date(timeIntervalSince1970: milliseconds / 1000))
                : withFraction.string(from: Date(timeIntervalSince1970: milliseconds / 1000))
            #expect(JSONOutput.iso8601(date) == expected, "for \(seconds)")
        }
        #expect(JSONOutput.iso8601(Date(timeIntervalSince1970: 1_700_004_615.592)) == "2023-11-14T23:30:15.592Z")
        #expect(JSONOutput.iso8601(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
    }

    @Test("strings are escaped as JSON requires and read back unchanged")
    func stringsRoundTrip() throws {
        let samples = [
            "plain", "", "quote \" and backslash \\", "line\nbreak\r\ttab", "bell \u{07} nul \u{00}",
            "separators \u{2028} \u{2029}", "東京 👍🏽 Café", "dash – em — ellipsis …",
        ]
        for sample in samples {
            let literal = JSONOutput.string(sample)
            let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
            #expect(decoded == [sample], "\(literal)")
            #expect(!literal.contains("\n") && !literal.unicodeScalars.contains { $0.value < 0x20 })
        }
    }
}
