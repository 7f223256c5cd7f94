import Foundation
@testable import TickCore

/// Converts between our value tree and the objects Foundation's `PropertyListSerialization`
/// reads and writes, so that Foundation can serve as an oracle.
enum FoundationPlistBridge {
    struct Unrepresentable: Error, CustomStringConvertible {
        let description: String
    }

    /// The Foundation object for a value. `null`, sets and UIDs have no public Foundation
    /// property-list form and are refused.
    static func object(_ value: PropertyListValue) throws -> Any {
        switch value {
        case .bool(let flag): return flag
        case .integer(let number): return NSNumber(value: number)
        case .unsignedInteger(let number): return NSNumber(value: number)
        case .real(let number): return NSNumber(value: number)
        case .date(let seconds): return Date(timeIntervalSinceReferenceDate: seconds)
        case .data(let bytes): return Data(bytes)
        case .string(let text): return text
        case .array(let elements): return try elements.map(object)
        case .dictionary(let dictionary):
            var result: [String: Any] = [:]
            for (key, element) in dictionary.entries { result[key] = try object(element) }
            return result
        case .null, .set, .uid:
            throw Unrepresentable(description: "\(value) has no Foundation property-list form")
        }
    }

    /// Our value for an object `PropertyListSerialization` read. UIDs (which Foundation on
    /// Linux reads as an opaque class) are recognised by their class name and description.
    static func value(_ object: Any) throws -> PropertyListValue {
        if type(of: object) == Bool.self, let flag = object as? Bool { return .bool(flag) }
        if let date = object as? Date { return .date(date.timeIntervalSinceReferenceDate) }
        if let data = object as? Data { return .data([UInt8](data)) }
        if let text = object as? String { return .string(text) }
        if let number = object as? NSNumber {
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "d", "f": return .real(number.doubleValue)
            case "Q", "L", "I", "S", "C":
                let unsigned = number.uint64Value
                return unsigned > UInt64(Int64.max) ? .unsignedInteger(unsigned) : .integer(Int64(unsigned))
            default: return .integer(number.int64Value)
            }
        }
        if let array = object as? [Any] { return .array(try array.map(value)) }
        if let dictionary = object as? [String: Any] {
            // Foundation's dictionaries have no order; ours compare without order.
            return .dictionary(PropertyListDictionary(try dictionary.map { ($0.key, try value($0.value)) }))
        }
        throw Unrepresentable(description: "Foundation returned \(type(of: object)): \(object)")
    }

    /// Reads bytes with Foundation, in whatever format they are.
    static func read(_ bytes: [UInt8]) throws -> (value: PropertyListValue, format: PropertyListSerialization.PropertyListFormat) {
        var format = PropertyListSerialization.PropertyListFormat.binary
        let object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        return (try value(object), format)
    }

    /// Writes a value with Foundation.
    static func write(_ value: PropertyListValue, format: PropertyListSerialization.PropertyListFormat) throws -> [UInt8] {
        [UInt8](try PropertyListSerialization.data(fromPropertyList: try object(value), format: format, options: 0))
    }
}
