import FoundationEssentials

/// A zone read from a zoneinfo (TZif, RFC 8536) file: its transitions from the 64-bit
/// section of a version 2+ file (the 32-bit one of a version 1 file), and the POSIX TZ
/// rule of its footer for the times after the last transition.
///
/// Read by tick itself rather than through libc's `TZ`, which is one setting for the whole
/// process: this way any number of zones can be used at once, on any thread.
public struct TZifZone: ZoneOffsets {
    /// Transition instants, ascending.
    let transitions: [Int64]
    /// For each transition, the index into `offsets` of the type that starts there.
    let transitionTypes: [UInt8]
    /// Seconds east of UTC of each local time type.
    let offsets: [Int]
    public let footer: PosixTimeZone?

    public func offset(at instant: Int64) -> Int {
        guard let first = transitions.first, instant >= first else {
            return transitions.isEmpty ? (footer?.offset(at: instant) ?? offsets[0]) : offsets[0]
        }
        if let last = transitions.last, instant >= last, let footer { return footer.offset(at: instant) }
        // The last transition at or before the instant.
        var low = 0, high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        return offsets[Int(transitionTypes[low])]
    }

    /// Reads a TZif file; nil when it is not one (or is damaged).
    public init?(_ data: [UInt8]) {
        var reader = Reader(data: data)
        guard let first = reader.header() else { return nil }
        guard first.version >= 2 else {
            guard let zone = reader.block(first, timeSize: 4) else { return nil }
            self = zone
            return
        }
        guard reader.skip(first.blockSize(timeSize: 4)), let second = reader.header(),
              var zone = reader.block(second, timeSize: 8) else { return nil }
        // The footer: "\n" TZ-string "\n".
        if reader.take(0x0A), let end = data[reader.index...].firstIndex(of: 0x0A) {
            zone = TZifZone(transitions: zone.transitions, transitionTypes: zone.transitionTypes, offsets: zone.offsets,
                            footer: PosixTimeZone(String(decoding: data[reader.index..<end], as: UTF8.self)))
        }
        self = zone
    }

    private init(transitions: [Int64], transitionTypes: [UInt8], offsets: [Int], footer: PosixTimeZone?) {
        self.transitions = transitions
        self.transitionTypes = transitionTypes
        self.offsets = offsets
        self.footer = footer
    }

    private struct Header {
        var version: Int
        var isUTCCount, isStandardCount, leapCount, timeCount, typeCount, charCount: Int

        func blockSize(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4)
                + isStandardCount + isUTCCount
        }
    }

    private struct Reader {
        let data: [UInt8]
        var index = 0

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < data.count, data[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, data.count - index >= count else { return false }
            index += count
            return true
        }

        mutating func integer(_ size: Int) -> Int64? {
            guard data.count - index >= size else { return nil }
            var value: UInt64 = 0
            for byte in data[index..<(index + size)] { value = value << 8 | UInt64(byte) }
            index += size
            return size == 4 ? Int64(Int32(truncatingIfNeeded: value)) : Int64(bitPattern: value)
        }

        mutating func header() -> Header? {
            guard data.count - index >= 44, Array(data[index..<(index + 4)]) == Array("TZif".utf8) else { return nil }
            let versionByte = data[index + 4]
            let version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
            index += 20
            var counts: [Int] = []
            for _ in 0..<6 {
                guard let count = integer(4), (0...10_000_000).contains(count) else { return nil }
                counts.append(Int(count))
            }
            return Header(version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
                          timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
        }

        mutating func block(_ header: Header, timeSize: Int) -> TZifZone? {
            guard header.typeCount > 0, data.count - index >= header.blockSize(timeSize: timeSize) else { return nil }
            var transitions: [Int64] = []
            transitions.reserveCapacity(header.timeCount)
            for _ in 0..<header.timeCount {
                guard let time = integer(timeSize) else { return nil }
                transitions.append(time)
            }
            let types = Array(data[index..<(index + header.timeCount)])
            index += header.timeCount
            guard types.allSatisfy({ Int($0) < header.typeCount }) else { return nil }
            var offsets: [Int] = []
            for _ in 0..<header.typeCount {
                guard let offset = integer(4), abs(offset) < 200_000 else { return nil }
                offsets.append(Int(offset))
                index += 2
            }
            index += header.charCount + header.leapCount * (timeSize + 4) + header.isStandardCount + header.isUTCCount
            return TZifZone(transitions: transitions, transitionTypes: types, offsets: offsets, footer: nil)
        }
    }
}
