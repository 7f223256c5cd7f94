import Foundation
import TickCore

// The same schema through Foundation's NSKeyedArchiver, as the baseline tick is measured
// against. These classes exist only in the benchmark.

final class FoundationLocation: NSObject, NSCoding {
    let name: String
    let latitude: Double?
    let longitude: Double?

    init(_ location: Location) {
        name = location.name
        latitude = location.coordinate?.latitude
        longitude = location.coordinate?.longitude
    }

    func encode(with coder: NSCoder) {
        coder.encode(name as NSString, forKey: "name")
        if let latitude, let longitude {
            coder.encode(latitude, forKey: "latitude")
            coder.encode(longitude, forKey: "longitude")
        }
    }

    init?(coder: NSCoder) {
        guard let name = coder.decodeObject(forKey: "name") as? String else { return nil }
        self.name = name
        latitude = coder.containsValue(forKey: "latitude") ? coder.decodeDouble(forKey: "latitude") : nil
        longitude = coder.containsValue(forKey: "longitude") ? coder.decodeDouble(forKey: "longitude") : nil
    }
}

final class FoundationItem: NSObject, NSCoding {
    let id: String
    let title: String
    let notes: String?
    let timestamp: Double?
    let createdAt: Double
    let location: FoundationLocation?

    init(_ item: ToDoItem) {
        id = item.id.uuidString
        title = item.title
        notes = item.notes
        timestamp = item.due?.timeIntervalSince1970
        createdAt = item.createdAt.timeIntervalSince1970
        location = item.location.map(FoundationLocation.init)
    }

    func encode(with coder: NSCoder) {
        coder.encode(id as NSString, forKey: "id")
        coder.encode(title as NSString, forKey: "title")
        if let notes { coder.encode(notes as NSString, forKey: "itemDescription") }
        if let timestamp { coder.encode(timestamp, forKey: "timestamp") }
        coder.encode(createdAt, forKey: "createdAt")
        if let location { coder.encode(location, forKey: "location") }
    }

    init?(coder: NSCoder) {
        guard let id = coder.decodeObject(forKey: "id") as? String,
              let title = coder.decodeObject(forKey: "title") as? String else { return nil }
        self.id = id
        self.title = title
        notes = coder.containsValue(forKey: "itemDescription") ? coder.decodeObject(forKey: "itemDescription") as? String : nil
        timestamp = coder.containsValue(forKey: "timestamp") ? coder.decodeDouble(forKey: "timestamp") : nil
        createdAt = coder.decodeDouble(forKey: "createdAt")
        location = coder.containsValue(forKey: "location") ? coder.decodeObject(forKey: "location") as? FoundationLocation : nil
    }
}

final class FoundationList: NSObject, NSCoding {
    let toDoItems: [FoundationItem]
    let doneItems: [FoundationItem]

    init(_ list: ToDoList) {
        toDoItems = list.toDoItems.map(FoundationItem.init)
        doneItems = list.doneItems.map(FoundationItem.init)
    }

    func encode(with coder: NSCoder) {
        coder.encode(1, forKey: "formatVersion")
        coder.encode(toDoItems as NSArray, forKey: "toDoItems")
        coder.encode(doneItems as NSArray, forKey: "doneItems")
    }

    init?(coder: NSCoder) {
        guard let open = coder.decodeObject(forKey: "toDoItems") as? [FoundationItem],
              let done = coder.decodeObject(forKey: "doneItems") as? [FoundationItem] else { return nil }
        toDoItems = open
        doneItems = done
    }
}

enum FoundationArchive {
    static func encode(_ list: FoundationList) throws -> Data {
        // (swift-corelibs-foundation ignores setClassName(_:for:), so the archive names the
        // Swift classes; the tests show the two formats read each other.)
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode(list, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return archiver.encodedData
    }

    static func decode(_ data: Data) throws -> FoundationList? {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        unarchiver.setClass(FoundationList.self, forClassName: "ToDoList")
        unarchiver.setClass(FoundationItem.self, forClassName: "ToDoItem")
        unarchiver.setClass(FoundationLocation.self, forClassName: "Location")
        defer { unarchiver.finishDecoding() }
        return unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? FoundationList
    }
}
