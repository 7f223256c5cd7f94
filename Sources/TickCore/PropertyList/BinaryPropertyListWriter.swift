/// Writes binary property lists (`bplist00`) in CoreFoundation's layout: objects numbered
/// top-down as they are first referenced, equal strings, numbers, dates and data stored
/// once, the smallest reference and offset sizes, ASCII strings as type 0x5 and all
/// others as UTF-16BE (type 0x6).
public enum BinaryPropertyListWriter {
    /// Encodes a value tree as a binary property list.
    public static func encode(_ value: PropertyListValue) -> [UInt8] {
        var builder = BinaryPropertyListBuilder()
        let top = builder.add(value)
        return builder.finish(top: top)
    }
}

extension BinaryPropertyListBuilder {
    /// Adds a value and everything it contains; returns its reference.
    public mutating func add(_ value: PropertyListValue) -> Int {
        switch value {
        case .null: return null()
        case .bool(let flag): return bool(flag)
        case .integer(let number): return integer(number)
        case .unsignedInteger(let number): return unsignedInteger(number)
        case .real(let number): return real(number)
        case .date(let seconds): return date(seconds)
        case .data(let bytes): return data(bytes)
        case .string(let text): return string(text)
        case .uid(let number): return uid(number)
        case .array(let elements), .set(let elements):
            let isSet: Bool
            if case .set = value { isSet = true } else { isSet = false }
            let (ref, slot) = isSet ? reserveSet(count: elements.count) : reserveArray(count: elements.count)
            for (index, element) in elements.enumerated() { setReference(slot + index, add(element)) }
            return ref
        case .dictionary(let dictionary):
            let entries = dictionary.entries
            let (ref, slot) = reserveDictionary(count: entries.count)
            for (index, entry) in entries.enumerated() { setReference(slot + index, string(entry.key)) }
            for (index, entry) in entries.enumerated() { setReference(slot + entries.count + index, add(entry.value)) }
            return ref
        }
    }
}
