/// A parsed JSON value, with the line each object and array starts on, so that an import
/// can name the line of a bad item.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number with its text as written (so that callers choose how to read it).
    case number(String)
    case string(String)
    case array([JSONValue], line: Int)
    /// Members in the order written.
    case object([(key: String, value: JSONValue)], line: Int)

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a, _), .array(b, _)): a == b
        case let (.object(a, _), .object(b, _)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The kind of value, for messages: `a string`, `an object`.
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
