import Foundation

extension StoreCoder {
    /// tick's file format.
    ///
    /// TEMPORARY: until `KeyedArchive` (Sources/TickCore/Archive) compiles, this is a plain
    /// Foundation property list so that the store and CLI can be exercised; it is replaced by
    /// `KeyedArchive.encode` / `KeyedArchive.decode` as soon as they exist.
    static let keyedArchive = StoreCoder(
        encode: { list in InterimPlistCoder.encode(list) },
        decode: { bytes in try InterimPlistCoder.decode(bytes) }
    )
}

/// A stand-in format used only until the keyed archive lands.
enum InterimPlistCoder {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    static func encode(_ list: ToDoList) -> [UInt8] {
        func item(_ item: ToDoItem) -> [String: Any] {
            var dict: [String: Any] = [
                "id": item.id.uuidString, "title": item.title,
                "createdAt": item.createdAt.timeIntervalSince1970,
            ]
            if let notes = item.notes { dict["itemDescription"] = notes }
            if let due = item.due { dict["timestamp"] = due.timeIntervalSince1970 }
            if let location = item.location {
                var loc: [String: Any] = ["name": location.name]
                if let c = location.coordinate { loc["latitude"] = c.latitude; loc["longitude"] = c.longitude }
                dict["location"] = loc
            }
            return dict
        }
        let root: [String: Any] = [
            "formatVersion": 0,
            "toDoItems": list.toDoItems.map(item),
            "doneItems": list.doneItems.map(item),
        ]
        let data = (try? PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)) ?? Data()
        return [UInt8](data)
    }

    static func decode(_ bytes: [UInt8]) throws -> ToDoList {
        let any = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        guard let root = any as? [String: Any],
              let toDo = root["toDoItems"] as? [[String: Any]],
              let done = root["doneItems"] as? [[String: Any]]
        else { throw Malformed(description: "not a to-do list") }
        func item(_ dict: [String: Any]) throws -> ToDoItem {
            guard let idText = dict["id"] as? String, let id = UUID(uuidString: idText),
                  let title = dict["title"] as? String, let created = dict["createdAt"] as? Double
            else { throw Malformed(description: "an item lacks id, title or createdAt") }
            var location: Location?
            if let loc = dict["location"] as? [String: Any], let name = loc["name"] as? String {
                location = try Location(name: name, latitude: loc["latitude"] as? Double, longitude: loc["longitude"] as? Double)
            }
            return try ToDoItem(
                id: id, title: title, notes: dict["itemDescription"] as? String,
                due: (dict["timestamp"] as? Double).map { Date(timeIntervalSince1970: $0) },
                location: location, createdAt: Date(timeIntervalSince1970: created)
            )
        }
        return try ToDoList(toDoItems: toDo.map(item), doneItems: done.map(item))
    }
}
