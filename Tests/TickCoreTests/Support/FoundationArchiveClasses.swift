import Foundation
@testable import TickCore

// Classes equivalent to tick's schema, for Foundation's NSKeyedArchiver and
// NSKeyedUnarchiver (archived under the names "ToDoList", "ToDoItem" and "Location").

/// Foundation's side of a `Location`.
final class FoundationLocation: NSObject, NSCoding {
    let name: String
    let latitude: Double?
    let longitude: Double?

    init(name: String, latitude: Double?, longitude: Double?) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }

    convenience init(_ location: Location) {
        self.init(name: location.name, latitude: location.coordinate?.latitude, longitude: location.coordinate?.longitude)
    }

    func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "name")
        if let latitude { coder.encode(latitude, forKey: "latitude") }
        if let longitude { coder.encode(longitude, forKey: "longitude") }
    }

    init?(coder: NSCoder) {
        guard let name = coder.decodeObject(forKey: "name") as? String else { return nil }
        self.name = name
        latitude = coder.containsValue(forKey: "latitude") ? coder.decodeDouble(forKey: "latitude") : nil
        longitude = coder.containsValue(forKey: "longitude") ? coder.decodeDouble(forKey: "longitude") : nil
    }

    func location() throws -> Location {
        try Location(name: name, latitude: latitude, longitude: longitude)
    }
}

/// Foundation's side of a `ToDoItem`.
final class FoundationToDoItem: NSObject, NSCoding {
    let id: String
    let title: String
    let itemDescription: String?
    /// Seconds since 1970.
    let timestamp: Double?
    let createdAt: Double
    let location: FoundationLocation?

    init(_ item: ToDoItem) {
        id = item.id.uuidString
        title = item.title
        itemDescription = item.notes
        timestamp = item.due?.timeIntervalSince1970
        createdAt = item.createdAt.timeIntervalSince1970
        location = item.location.map(FoundationLocation.init)
    }

    func encode(with coder: NSCoder) {
        coder.encode(id as NSString, forKey: "id")
        coder.encode(title as NSString, forKey: "title")
        if let itemDescription { coder.encode(itemDescription as NSString, forKey: "itemDescription") }
        if let timestamp { coder.encode(timestamp, forKey: "timestamp") }
        coder.encode(createdAt, forKey: "createdAt")
        if let location { coder.encode(location, forKey: "location") }
    }

    init?(coder: NSCoder) {
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
    }

    func item() throws -> ToDoItem {
        try ToDoItem(
            id: try ForeignSamples.uuid(id), title: title, notes: itemDescription,
            due: timestamp.map { Date(timeIntervalSince1970: $0) }, location: try location?.location(),
            createdAt: Date(timeIntervalSince1970: createdAt))
    }
}

/// Foundation's side of a `ToDoList`.
final class FoundationToDoList: NSObject, NSCoding {
    let formatVersion: Int
    let toDoItems: [FoundationToDoItem]
    let doneItems: [FoundationToDoItem]

    init(_ list: ToDoList) {
        formatVersion = 1
        toDoItems = list.toDoItems.map(FoundationToDoItem.init)
        doneItems = list.doneItems.map(FoundationToDoItem.init)
    }

    func encode(with coder: NSCoder) {
        coder.encode(formatVersion, forKey: "formatVersion")
        coder.encode(NSArray(array: toDoItems), forKey: "toDoItems")
        coder.encode(NSArray(array: doneItems), forKey: "doneItems")
    }

    init?(coder: NSCoder) {
        guard let toDo = coder.decodeObject(forKey: "toDoItems") as? NSArray,
              let done = coder.decodeObject(forKey: "doneItems") as? NSArray
        else { return nil }
        formatVersion = coder.decodeInteger(forKey: "formatVersion")
        toDoItems = toDo.compactMap { $0 as? FoundationToDoItem }
        doneItems = done.compactMap { $0 as? FoundationToDoItem }
        guard toDoItems.count == toDo.count, doneItems.count == done.count else { return nil }
    }

    func list() throws -> ToDoList {
        try ToDoList(toDoItems: toDoItems.map { try $0.item() }, doneItems: doneItems.map { try $0.item() })
    }

    /// tick's class names for these classes.
    static let classNames: [String: String] = [
        String(reflecting: FoundationToDoList.self): "ToDoList",
        String(reflecting: FoundationToDoItem.self): "ToDoItem",
        String(reflecting: FoundationLocation.self): "Location",
    ]

    /// How the class names get into the archive.
    enum Naming {
        /// `$classname` and `$classes` (["ToDoList", "NSObject"]), as Foundation writes
        /// for a class of that name.
        case classChain
        /// `$classname` only, as Apple's archiver writes for a name set with
        /// `setClassName(_:for:)`.
        case mappedNameOnly
    }

    struct ArchiveFailure: Error, CustomStringConvertible {
        let description: String
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
    static func archive(_ list: ToDoList, naming: Naming = .classChain) throws -> [UInt8] {
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
    static func unarchive(_ bytes: [UInt8]) throws -> FoundationToDoList? {
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
