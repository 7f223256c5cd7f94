import FoundationEssentials

/// A property-list value as the binary and XML formats hold it.
///
/// This is the generic tree that the codec reads and writes. The keyed-archive layer
/// does not need it on its fast path, but it is what hand-written files, tests and
/// unknown archive fields are expressed in.
public indirect enum PropertyListValue: Sendable, Hashable {
    /// The binary format's `null` object (type `0x00`); XML has no spelling for it.
    case null
    case bool(Bool)
    /// An integer. Binary 16-byte integers that fit in 64 bits (signed or unsigned) are
    /// read into this case; `UInt64` values above `Int64.max` use ``unsignedInteger(_:)``.
    case integer(Int64)
    case unsignedInteger(UInt64)
    case real(Double)
    /// A date as seconds since 2001-01-01T00:00:00Z (the property-list epoch).
    case date(Double)
    case data([UInt8])
    case string(String)
    /// A keyed-archive object reference (`CF$UID` in XML).
    case uid(UInt64)
    case array([PropertyListValue])
    case set([PropertyListValue])
    /// A dictionary with string keys, in file order.
    case dictionary(PropertyListDictionary)
}

/// An ordered dictionary of property-list values keyed by strings.
public struct PropertyListDictionary: Sendable, Hashable {
    /// The entries in file order; keys are unique.
    public private(set) var entries: [(key: String, value: PropertyListValue)]

    public init() { entries = [] }

    /// Builds a dictionary from entries; a later duplicate key replaces the earlier value.
    public init(_ entries: [(String, PropertyListValue)]) {
        // Linear: a hostile file may hold a dictionary with a great many keys.
        var indexOfKey: [String: Int] = [:]
        indexOfKey.reserveCapacity(entries.count)
        var unique: [(key: String, value: PropertyListValue)] = []
        unique.reserveCapacity(entries.count)
        for (key, value) in entries {
            if let index = indexOfKey[key] {
                unique[index].value = value
            } else {
                indexOfKey[key] = unique.count
                unique.append((key, value))
            }
        }
        self.entries = unique
    }

    public subscript(key: String) -> PropertyListValue? {
        get { entries.first { $0.key == key }?.value }
        set {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((key, newValue))
            }
        }
    }

    public var count: Int { entries.count }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        for (key, value) in lhs.entries where rhs[key] != value { return false }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent, so that equal dictionaries hash equally.
        var combined = 0
        for (key, value) in entries {
            var entryHasher = Hasher()
            entryHasher.combine(key)
            entryHasher.combine(value)
            combined ^= entryHasher.finalize()
        }
        hasher.combine(entries.count)
        hasher.combine(combined)
    }
}
