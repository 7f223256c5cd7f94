/// Writes value trees as binary property lists (`bplist00`): every value an object of its
/// own, the smallest reference and offset sizes, ASCII strings as type 0x5 and all others as
/// UTF-16BE (type 0x6). Dictionaries keep their entries' order.
public enum BinaryPropertyListWriter {
    /// Encodes a value tree as a binary property list.
    public static func encode(_ value: PropertyListValue) -> [UInt8] {
        var file: [UInt8] = []
        _ = BinaryPropertyListBuilder.build(objects: objectCount(value), into: { file.write($0) }) { $0.add(value) }
        return file
    }

    /// How many objects a tree has.
    static func objectCount(_ value: PropertyListValue) -> Int {
        switch value {
        case .array(let elements), .set(let elements): 1 + elements.reduce(0) { $0 + objectCount($1) }
        case .dictionary(let dictionary): 1 + dictionary.entries.reduce(0) { $0 + 1 + objectCount($1.value) }
        default: 1
        }
    }
}

extension BinaryPropertyListBuilder {
    /// Adds a value and everything it contains; returns its reference.
    mutating func add(_ value: PropertyListValue) -> Int {
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
        case .array(let elements): return array(elements.map { add($0) })
        case .set(let elements): return set(elements.map { add($0) })
        case .dictionary(let dictionary):
            let keys = dictionary.entries.map { string($0.key) }
            let values = dictionary.entries.map { add($0.value) }
            return self.dictionary(keys: keys, values: values)
        }
    }
}
