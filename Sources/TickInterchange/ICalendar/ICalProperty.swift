/// One iCalendar property as read: its name, parameters and value, kept as the file wrote
/// them so that a property tick does not map is written back byte for byte.
///
/// `name` is as written (compare with ``key``, which is upper-cased); `parameterText` is
/// everything between the name and the `:` (with its leading `;`, quotes intact); `value`
/// is the raw value text (TEXT escapes such as `\n` are still escaped: see ``ICalText``).
public struct ICalProperty: Sendable, CustomStringConvertible {
    public let name: String
    /// The upper-cased name, for comparing (`summary` and `SUMMARY` are one property).
    public let key: String
    public var parameterText: String
    public var value: String
    /// The parameters, names upper-cased, values without their quotes, in order.
    public var parameters: [ICalParameter]
    /// The 1-based line the property started on; 0 for a property tick made.
    public var line: Int
    /// How the file folded it (physical lines joined by `\n`), when it was folded or longer
    /// than 75 octets: written back so while the property is unchanged, so that a patched
    /// file keeps the bytes of the lines it did not change.
    public var foldedText: String?

    /// A property read from a file (``ContentLineReader`` fills `parameters` from the text).
    public init(name: String, parameterText: String, parameters: [ICalParameter], value: String, line: Int) {
        self.init(name: name, key: Self.upperCased(name), parameterText: parameterText, parameters: parameters, value: value,
                  line: line, foldedText: nil)
    }

    /// A property read from a file, made once with every field (its reader knows `key`,
    /// the name upper-cased, from the bytes it checked).
    init(name: String, key: String, parameterText: String, parameters: [ICalParameter], value: String, line: Int, foldedText: String?) {
        self.name = name
        self.key = key
        self.parameterText = parameterText
        self.parameters = parameters
        self.value = value
        self.line = line
        self.foldedText = foldedText
    }

    /// A property tick makes: parameter values are quoted when they hold `:`, `;` or `,`.
    public init(_ name: String, _ parameters: [ICalParameter] = [], value: String) {
        self.name = name
        self.key = Self.upperCased(name)
        self.parameters = parameters
        self.value = value
        self.line = 0
        var text = ""
        for parameter in parameters {
            text += ";" + parameter.name + "="
            text += parameter.values.map { value in
                value.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"" + value + "\"" : value
            }.joined(separator: ",")
        }
        self.parameterText = text
    }

    /// The name upper-cased; the name itself when it already is (the usual case), without a copy.
    private static func upperCased(_ name: String) -> String {
        return name.withUTF8Bytes { $0.contains { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) } } ? name.uppercased() : name
    }

    /// The first value of the parameter named `name` (upper-case), if present.
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.values.first
    }

    /// The content line, unfolded: `NAME;PARAMS:VALUE`.
    public var description: String { name + parameterText + ":" + value }
}

extension ICalProperty: Equatable {
    /// Equal when the written text is equal; where it was read does not matter.
    public static func == (lhs: ICalProperty, rhs: ICalProperty) -> Bool {
        lhs.name == rhs.name && lhs.parameterText == rhs.parameterText && lhs.value == rhs.value
    }
}

/// A property parameter: `TZID="Europe/Berlin"` is name `TZID`, values `["Europe/Berlin"]`.
public struct ICalParameter: Sendable, Equatable {
    /// Upper-cased.
    public var name: String
    /// Without quotes; a list parameter (`MEMBER="a","b"`) has several.
    public var values: [String]

    public init(_ name: String, _ values: [String]) {
        self.name = name.uppercased()
        self.values = values
    }

    public init(_ name: String, _ value: String) {
        self.init(name, [value])
    }
}
