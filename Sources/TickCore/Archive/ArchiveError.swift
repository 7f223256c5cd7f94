/// Why bytes could not be read as a tick keyed archive.
///
/// The description says what is wrong and, where it applies, where: the byte offset in
/// the file, the archive object number, or the item.
public struct ArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem, for code that reacts to it.
    public enum Kind: Sendable, Hashable {
        /// A zero-byte file (what a full disk leaves behind), never an empty list.
        case emptyFile
        /// The bytes are not a readable property list.
        case propertyList(PropertyListError)
        /// A property list, but not a keyed archive of a tick list (missing `$objects`,
        /// `$top`, a wrong class, a key of the wrong type, a bad UID).
        case malformed
        /// Written by a newer tick whose format this version does not know.
        case newerFormat(Int)
        /// An item or location whose values the model refuses (empty title, coordinate
        /// out of range, a repeated id).
        case invalidValue
    }

    public let kind: Kind
    /// The byte offset in the file, when known.
    public let offset: Int?
    /// What is wrong, in words.
    public let detail: String

    public init(_ kind: Kind, at offset: Int? = nil, _ detail: String) {
        self.kind = kind
        self.offset = offset
        self.detail = detail
    }

    init(_ error: PropertyListError) {
        self.init(.propertyList(error), at: error.offset, "not a readable property list: \(error.detail)")
    }

    public var description: String {
        if let offset { "\(detail) (at byte \(offset))" } else { detail }
    }
}
