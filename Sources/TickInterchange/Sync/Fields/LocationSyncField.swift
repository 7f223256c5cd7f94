import FoundationEssentials
import TickCore

/// The location (LOCATION and GEO together): its name and coordinate.
enum LocationSyncField: SyncField {
    static var field: SyncFields.Field { .location }
    static var value: WritableKeyPath<SyncFields, SyncFields.Place> { \.place }

    static func value(of item: ToDoItem, done: Bool) -> SyncFields.Place {
        SyncFields.Place(name: item.location?.name, latitude: item.location?.coordinate?.latitude,
                         longitude: item.location?.coordinate?.longitude)
    }

    static func describe(_ value: SyncFields.Place) -> String {
        guard let name = value.name else { return "(none)" }
        if let latitude = value.latitude, let longitude = value.longitude { return "\(name) (\(latitude), \(longitude))" }
        return name
    }

    static func apply(_ value: SyncFields.Place, to item: inout ToDoItem) throws(ModelError) {
        if let name = value.name {
            item.location = try Location(name: name, latitude: value.latitude, longitude: value.longitude)
        } else {
            item.location = nil
        }
    }

    static func encode(_ value: SyncFields.Place, to container: inout KeyedEncodingContainer<SyncFields.Key>) throws {
        try container.encodeIfPresent(value.name, forKey: "location")
        try container.encodeIfPresent(value.latitude, forKey: "latitude")
        try container.encodeIfPresent(value.longitude, forKey: "longitude")
    }

    static func decode(from container: KeyedDecodingContainer<SyncFields.Key>) throws -> SyncFields.Place {
        SyncFields.Place(name: try container.decodeIfPresent(String.self, forKey: "location"),
                         latitude: try container.decodeIfPresent(Double.self, forKey: "latitude"),
                         longitude: try container.decodeIfPresent(Double.self, forKey: "longitude"))
    }
}

extension SyncFields {
    /// A location's name and coordinate.
    struct Place: Equatable, Sendable {
        var name: String?
        var latitude: Double?
        var longitude: Double?
    }

    /// ``location``, ``latitude`` and ``longitude`` together.
    var place: Place {
        get { Place(name: location, latitude: latitude, longitude: longitude) }
        set { (location, latitude, longitude) = (newValue.name, newValue.latitude, newValue.longitude) }
    }
}

extension SyncFields.Field {
    public static let location = Self(rawValue: "location")
}
