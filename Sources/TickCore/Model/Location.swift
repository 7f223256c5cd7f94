/// A named place, optionally with a coordinate.
public struct Location: Sendable, Hashable {
    /// A latitude/longitude pair in degrees.
    public struct Coordinate: Sendable, Hashable {
        public let latitude: Double
        public let longitude: Double

        /// Validates the ranges: latitude −90…90, longitude −180…180, both finite.
        public init(latitude: Double, longitude: Double) throws(ModelError) {
            guard latitude.isFinite, (-90...90).contains(latitude) else {
                throw .latitudeOutOfRange(latitude)
            }
            guard longitude.isFinite, (-180...180).contains(longitude) else {
                throw .longitudeOutOfRange(longitude)
            }
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// The place's name; never empty after trimming whitespace.
    public let name: String
    public let coordinate: Coordinate?
    /// Archive keys of a newer tick, kept unchanged.
    public var unknownFields: UnknownFields

    public init(name: String, coordinate: Coordinate? = nil, unknownFields: UnknownFields = UnknownFields()) throws(ModelError) {
        let trimmed = name.trimmingWhitespace
        guard !trimmed.isEmpty else { throw .emptyLocationName }
        self.name = trimmed
        self.coordinate = coordinate
        self.unknownFields = unknownFields
    }

    /// Builds a location from optional latitude and longitude: both or neither.
    public init(name: String, latitude: Double?, longitude: Double?, unknownFields: UnknownFields = UnknownFields()) throws(ModelError) {
        switch (latitude, longitude) {
        case (nil, nil):
            try self.init(name: name, coordinate: nil, unknownFields: unknownFields)
        case let (latitude?, longitude?):
            try self.init(name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude), unknownFields: unknownFields)
        default:
            throw .incompleteCoordinate
        }
    }
}
