import Foundation
import TickCore

// Classes equivalent to tick's schema, for Foundation's NSKeyedArchiver and
// NSKeyedUnarchiver (archived under the names "ToDoList", "ToDoItem" and "Location"): the
// cross-checks in the tests and the baseline in tick-bench.

/// Foundation's side of a `Location`.
public final class FoundationLocation: NSObject, NSCoding {
    public let name: String
    public let latitude: Double?
    public let longitude: Double?

    public init(name: String, latitude: Double?, longitude: Double?) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }

    public convenience init(_ location: Location) {
        self.init(name: location.name, latitude: location.coordinate?.latitude, longitude: location.coordinate?.longitude)
    }

    public func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "name")
        if let latitude { coder.encode(latitude, forKey: "latitude") }
        if let longitude { coder.encode(longitude, forKey: "longitude") }
    }

    public init?(coder: NSCoder) {
        guard let name = coder.decodeObject(forKey: "name") as? String else { return nil }
        self.name = name
        latitude = coder.containsValue(forKey: "latitude") ? coder.decodeDouble(forKey: "latitude") : nil
        longitude = coder.containsValue(forKey: "longitude") ? coder.decodeDouble(forKey: "longitude") : nil
    }

    public func location() throws -> Location {
        try Location(name: name, latitude: latitude, longitude: longitude)
    }
}

/// Foundation's side of a `ToDoItem`.
public final class FoundationToDoItem: NSObject, NSCoding {
    public let id: String
    public let title: String
    public let itemDescription: String?
    /// Seconds since 1970.
    public let timestamp: Double?
    public let createdAt: Double
    public let location: FoundationLocation?
    /// Seconds since 1970.
    public let completedAt: Double?
    /// Seconds since 1970.
    public let modifiedAt: Double?
    public let dueIsDate: Bool
    public let iCalendarUID: String?
    public let iCalendarExtras: String?

    public init(_ item: ToDoItem) {
        id = item.id.uuidString
        title = item.title
        itemDescription = item.notes
        timestamp = item.due?.timeIntervalSince1970
        createdAt = item.createdAt.timeIntervalSince1970
        location = item.location.map(FoundationLocation.init)
        completedAt = item.completedAt?.timeIntervalSince1970
        modifiedAt = item.modifiedAt?.timeIntervalSince1970
        dueIsDate = item.dueIsDay
        iCalendarUID = item.externalUID
        iCalendarExtras = item.iCalendarExtras
    }

    public func encode(with coder: NSCoder) {
        coder.encode(id as NSString, forKey: "id")
        coder.encode(title as NSString, forKey: "title")
        if let itemDescription { coder.encode(itemDescription as NSString, forKey: "itemDescription") }
        if let timestamp { coder.encode(timestamp, forKey: "timestamp") }
        coder.encode(createdAt, forKey: "createdAt")
        if let location { coder.encode(location, forKey: "location") }
        if let completedAt { coder.encode(completedAt, forKey: "completedAt") }
        if let modifiedAt { coder.encode(modifiedAt, forKey: "modifiedAt") }
        if dueIsDate { coder.encode(true, forKey: "dueIsDate") }
        if let iCalendarUID { coder.encode(iCalendarUID as NSString, forKey: "iCalendarUID") }
        if let iCalendarExtras { coder.encode(iCalendarExtras as NSString, forKey: "iCalendarExtras") }
    }

    public init?(coder: NSCoder) {
        guard let id = coder.decodeObject(forKey: "id") as? String,
              let title = coder.decodeObject(forKey: "title") as? String,
              coder.containsValue(forKey: "createdAt")
        else { return nil }
        self.id = id
        self.title = title
        // Linux Foundation records an error for decodeObject of an absent key: ask first.
        itemDescription = coder.containsValue(forKey: "itemDescription") ? coder.decodeObject(forKey: "itemDescription") as? String : nil
        timestamp = coder.containsValue(forKey: "timestamp") ? coder.decodeDouble(forKey: "timestamp") : nil
        createdAt = coder.decodeDouble(forKey: "createdAt")
        location = coder.containsValue(forKey: "location") ? coder.decodeObject(forKey: "location") as? FoundationLocation : nil
        completedAt = coder.containsValue(forKey: "completedAt") ? coder.decodeDouble(forKey: "completedAt") : nil
        modifiedAt = coder.containsValue(forKey: "modifiedAt") ? coder.decodeDouble(forKey: "modifiedAt") : nil
        dueIsDate = coder.containsValue(forKey: "dueIsDate") && coder.decodeBool(forKey: "dueIsDate")
        iCalendarUID = coder.containsValue(forKey: "iCalendarUID") ? coder.decodeObject(forKey: "iCalendarUID") as? String : nil
        iCalendarExtras = coder.containsValue(forKey: "iCalendarExtras") ? coder.decodeObject(forKey: "iCalendarExtras") as? String : nil
    }

    private static func uuid(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw FoundationToDoList.ArchiveFailure(description: "not a UUID: \(text)") }
        return id
    }

    public func item() throws -> ToDoItem {
        var item = try ToDoItem(
            id: try Self.uuid(id), title: title, notes: itemDescription,
            due: timestamp.map { Date(timeIntervalSince1970: $0) }, location: try location?.location(),
            createdAt: Date(timeIntervalSince1970: createdAt))
        item.completedAt = completedAt.map { Date(timeIntervalSince1970: $0) }
        item.modifiedAt = modifiedAt.map { Date(timeIntervalSince1970: $0) }
        item.dueIsDay = dueIsDate
        if let iCalendarUID { item.externalUID = iCalendarUID }
        if let iCalendarExtras { item.iCalendarExtras = iCalendarExtras }
        return item
    }
}

/// Foundation's side of a `ToDoList`.
public final class FoundationToDoList: NSObject, NSCoding {
    public let formatVersion: Int
    public let toDoItems: [FoundationToDoItem]
    public let doneItems: [FoundationToDoItem]

    public init(_ list: ToDoList) {
        formatVersion = 1
        toDoItems = list.toDoItems.map(FoundationToDoItem.init)
        doneItems = list.doneItems.map(FoundationToDoItem.init)
    }

    public func encode(with coder: NSCoder) {
        coder.encode(formatVersion, forKey: "formatVersion")
        coder.encode(NSArray(array: toDoItems), forKey: "toDoItems")
        coder.encode(NSArray(array: doneItems), forKey: "doneItems")
    }

    public init?(coder: NSCoder) {
        guard let toDo = coder.decodeObject(forKey: "toDoItems") as? NSArray,
              let done = coder.decodeObject(forKey: "doneItems") as? NSArray
        else { return nil }
        formatVersion = coder.decodeInteger(forKey: "formatVersion")
        toDoItems = toDo.compactMap { $0 as? FoundationToDoItem }
        doneItems = done.compactMap { $0 as? FoundationToDoItem }
        guard toDoItems.count == toDo.count, doneItems.count == done.count else { return nil }
    }

    public func list() throws -> ToDoList {
        try ToDoList(toDoItems: toDoItems.map { try $0.item() }, doneItems: doneItems.map { try $0.item() })
    }

    /// tick's class names for these classes.
    public static let classNames: [String: String] = [
        String(reflecting: FoundationToDoList.self): "ToDoList",
        String(reflecting: FoundationToDoItem.self): "ToDoItem",
        String(reflecting: FoundationLocation.self): "Location",
    ]

    /// How the class names get into the archive.
    public enum Naming: Sendable {
        /// `$classname` and `$classes` (["ToDoList", "NSObject"]), as Foundation writes
        /// for a class of that name.
        case classChain
        /// `$classname` only, as Apple's archiver writes for a name set with
        /// `setClassName(_:for:)`.
        case mappedNameOnly
    }

    public struct ArchiveFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Archives a list with NSKeyedArchiver under tick's class names.
    ///
    /// swift-corelibs-foundation's `setClassName(_:for:)` has no effect: it stores the
    /// mapping under `String(describing: type(of: cls))` ("FoundationToDoList.Type") but
    /// looks it up under `String(reflecting: cls)` ("TickCoreTests.FoundationToDoList").
    /// So the archive is written with the Swift class names, and then only the class
    /// description objects are renamed, through Foundation's own property-list reader and
    /// binary writer (the ones NSKeyedArchiver writes with); every other object is as
    /// NSKeyedArchiver wrote it.
    public static func archive(_ list: ToDoList, naming: Naming = .classChain) throws -> [UInt8] {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.setClassName("ToDoList", for: FoundationToDoList.self)
        archiver.setClassName("ToDoItem", for: FoundationToDoItem.self)
        archiver.setClassName("Location", for: FoundationLocation.self)
        archiver.encode(FoundationToDoList(list), forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        let written = archiver.encodedData
        guard var top = try PropertyListSerialization.propertyList(from: written, options: [], format: nil) as? [String: Any],
              var objects = top["$objects"] as? [Any]
        else { throw ArchiveFailure(description: "NSKeyedArchiver wrote no $objects") }
        var renamed = 0
        for (index, object) in objects.enumerated() {
            guard var description = object as? [String: Any], let name = description["$classname"] as? String,
                  let tickName = classNames[name]
            else { continue }
            description["$classname"] = tickName
            switch naming {
            case .classChain:
                let chain = (description["$classes"] as? [String]) ?? [name]
                description["$classes"] = chain.map { classNames[$0] ?? $0 }
            case .mappedNameOnly:
                description["$classes"] = nil
            }
            objects[index] = description
            renamed += 1
        }
        let expected = 1 + (list.isEmpty ? 0 : 1) + (list.allItems.contains { $0.location != nil } ? 1 : 0)
        guard renamed == expected else {
            throw ArchiveFailure(description: "expected \(expected) class descriptions to rename, found \(renamed)")
        }
        top["$objects"] = objects
        return [UInt8](try PropertyListSerialization.data(fromPropertyList: top, format: .binary, options: 0))
    }

    /// Unarchives with NSKeyedUnarchiver, mapping tick's class names to these classes.
    public static func unarchive(_ bytes: [UInt8]) throws -> FoundationToDoList? {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: Data(bytes))
        unarchiver.requiresSecureCoding = false
        // Linux Foundation's default policy traps (fatalError) on a decoding error.
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        unarchiver.setClass(FoundationToDoList.self, forClassName: "ToDoList")
        unarchiver.setClass(FoundationToDoItem.self, forClassName: "ToDoItem")
        unarchiver.setClass(FoundationLocation.self, forClassName: "Location")
        defer { unarchiver.finishDecoding() }
        let root = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
        if let error = unarchiver.error { throw error }
        return root as? FoundationToDoList
    }
}

extension FoundationToDoList {
    /// NSKeyedArchiver's archive of the list with the Swift class names, exactly as it
    /// writes it: what the benchmark times.
    public static func plainArchive(_ list: FoundationToDoList) -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode(list, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return archiver.encodedData
    }

    /// NSKeyedUnarchiver's reading of a ``plainArchive(_:)``.
    public static func plainUnarchive(_ data: Data) throws -> FoundationToDoList? {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        // Linux Foundation's default policy traps (fatalError) on a decoding error.
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        defer { unarchiver.finishDecoding() }
        let root = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
        if let error = unarchiver.error { throw error }
        return root as? FoundationToDoList
    }
}
