/// The strings the archive itself names: keys, class names and the archive's own.
enum FixedText: Int {
    case id, title, itemDescription, timestamp, createdAt, location
    case name, latitude, longitude, formatVersion, toDoItems, doneItems
    case objects, classKey
    case version, objectsKey, archiver, top, null, archiverName, root
    case className, classes, toDoList, array, toDoItem, locationClass, object
    static let count = 28

    /// The text's UTF-8 (static: never freed).
    var utf8: UnsafeBufferPointer<UInt8> {
        let text = text
        return UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    var text: StaticString {
        switch self {
        case .id: "id"
        case .title: "title"
        case .itemDescription: "itemDescription"
        case .timestamp: "timestamp"
        case .createdAt: "createdAt"
        case .location: "location"
        case .name: "name"
        case .latitude: "latitude"
        case .longitude: "longitude"
        case .formatVersion: "formatVersion"
        case .toDoItems: "toDoItems"
        case .doneItems: "doneItems"
        case .objects: "NS.objects"
        case .classKey: "$class"
        case .version: "$version"
        case .objectsKey: "$objects"
        case .archiver: "$archiver"
        case .top: "$top"
        case .null: "$null"
        case .archiverName: "NSKeyedArchiver"
        case .root: "root"
        case .className: "$classname"
        case .classes: "$classes"
        case .toDoList: "ToDoList"
        case .array: "NSArray"
        case .toDoItem: "ToDoItem"
        case .locationClass: "Location"
        case .object: "NSObject"
        }
    }
}
