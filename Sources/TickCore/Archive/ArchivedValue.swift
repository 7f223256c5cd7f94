/// A value from a keyed archive that tick does not interpret, with every UID reference
/// replaced by the value it pointed at, so it can be archived again unchanged.
public indirect enum ArchivedValue: Sendable, Hashable {
    /// A value that holds no UID reference.
    case value(PropertyListValue)
    /// The archive object a UID pointed at; saved again as a UID to a fresh object.
    case object(ArchivedValue)
    case array([ArchivedValue])
    case set([ArchivedValue])
    case dictionary([String: ArchivedValue])
}

/// Keys found on an archived object that this version of tick does not know.
///
/// A newer tick may have written them; they survive a load-and-save unchanged.
public struct UnknownFields: Sendable, Hashable {
    public var values: [String: ArchivedValue]

    public init(_ values: [String: ArchivedValue] = Dictionary()) { self.values = values }

    public var isEmpty: Bool { values.isEmpty }
}
