/// Why a property list could not be read.
///
/// Every error says what is wrong and, where it applies, the byte offset in the file.
public struct PropertyListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem, for code that reacts to it.
    public enum Kind: Sendable, Hashable {
        /// Neither `bplist00` nor an XML property list.
        case unknownFormat
        /// The data ends before an object, table or trailer that it announces.
        case truncated
        case invalidTrailer
        case offsetOutOfRange
        case referenceOutOfRange
        case unknownObjectType
        /// A count or length that cannot fit in the file.
        case invalidCount
        /// An object that contains itself.
        case cycle
        /// Containers nested deeper than the reader allows.
        case tooDeep
        /// An object of another type than the place it stands in requires.
        case wrongType
        /// A string whose bytes are not valid ASCII or UTF-16.
        case invalidString
        /// Malformed XML, or XML that is not a property list.
        case invalidXML
        /// A dictionary key that is not a string.
        case invalidKey
    }

    public let kind: Kind
    /// The byte offset in the file where the problem is, when known.
    public let offset: Int?
    /// What is wrong, in words.
    public let detail: String

    public init(_ kind: Kind, at offset: Int? = nil, _ detail: String) {
        self.kind = kind
        self.offset = offset
        self.detail = detail
    }

    public var description: String {
        if let offset { "\(detail) (at byte \(offset))" } else { detail }
    }
}
