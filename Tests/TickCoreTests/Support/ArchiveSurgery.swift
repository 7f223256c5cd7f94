import Foundation
import Testing
@testable import TickCore

/// Changes one thing in the fixture's keyed archive (as a value tree), for hostile-input
/// tests: wrong types in known places, UID cycles, deep chains.
enum ArchiveSurgery {
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    static func fixtureTree() throws -> PropertyListValue {
        try BinaryPropertyListReader.decode(try HostileInputTests.fixture())
    }

    // MARK: - Navigating

    static func top(_ tree: PropertyListValue) throws -> PropertyListDictionary {
        guard case .dictionary(let top) = tree else { throw Missing(description: "top is not a dictionary") }
        return top
    }

    static func objects(_ tree: PropertyListValue) throws -> [PropertyListValue] {
        guard case .array(let objects)? = try top(tree)["$objects"] else { throw Missing(description: "no $objects") }
        return objects
    }

    static func replacingObjects(_ tree: PropertyListValue, _ objects: [PropertyListValue]) throws -> PropertyListValue {
        var top = try top(tree)
        top["$objects"] = .array(objects)
        return .dictionary(top)
    }

    static func settingTop(_ tree: PropertyListValue, _ value: PropertyListValue?) throws -> PropertyListValue {
        var top = try top(tree)
        top["$top"] = value
        return .dictionary(top)
    }

    static func dictionary(_ value: PropertyListValue) throws -> PropertyListDictionary {
        guard case .dictionary(let dictionary) = value else { throw Missing(description: "\(value) is not a dictionary") }
        return dictionary
    }

    static func uid(_ value: PropertyListValue?) throws -> Int {
        guard case .uid(let number)? = value else { throw Missing(description: "\(String(describing: value)) is not a UID") }
        return Int(number)
    }

    /// Object numbers of the root, the To Do array, and the first item.
    static func landmarks(_ tree: PropertyListValue) throws -> (root: Int, toDoArray: Int, firstItem: Int) {
        let objects = try objects(tree)
        guard case .dictionary(let rootRef)? = try top(tree)["$top"] else { throw Missing(description: "no $top") }
        let root = try uid(rootRef["root"])
        let toDoArray = try uid(try dictionary(objects[root])["toDoItems"])
        guard case .array(let members)? = try dictionary(objects[toDoArray])["NS.objects"], let first = members.first else {
            throw Missing(description: "no NS.objects")
        }
        return (root, toDoArray, try uid(first))
    }

    /// Sets (or with nil removes) a key of one archive object.
    static func setting(_ tree: PropertyListValue, object index: Int, key: String, to value: PropertyListValue?) throws -> PropertyListValue {
        var objects = try objects(tree)
        var object = try dictionary(objects[index])
        object[key] = value
        objects[index] = .dictionary(object)
        return try replacingObjects(tree, objects)
    }

    static func replacingInFirstItem(_ tree: PropertyListValue, key: String, with value: PropertyListValue?) throws -> PropertyListValue {
        try setting(tree, object: landmarks(tree).firstItem, key: key, to: value)
    }

    /// Replaces the object a key of the first item refers to by UID.
    static func replacingReferencedByFirstItem(_ tree: PropertyListValue, key: String, with value: PropertyListValue) throws -> PropertyListValue {
        var objects = try objects(tree)
        let item = try dictionary(objects[try landmarks(tree).firstItem])
        objects[try uid(item[key])] = value
        return try replacingObjects(tree, objects)
    }

    /// Appends an object to `$objects`; returns the tree and its UID.
    static func appending(_ tree: PropertyListValue, _ object: PropertyListValue) throws -> (PropertyListValue, UInt64) {
        var objects = try objects(tree)
        objects.append(object)
        return (try replacingObjects(tree, objects), UInt64(objects.count - 1))
    }

    // MARK: - Cycles

    enum CycleCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case toDoArrayContainsItself
        case toDoArrayIsRoot
        case locationIsItsItem
        case classIsItself
        case unknownKeyPointsToRoot
        case unknownKeyPointsToItself
        case unknownObjectsPointToEachOther

        var testDescription: String { rawValue }
    }

    static func withCycle(_ cycle: CycleCase) throws -> PropertyListValue {
        let tree = try fixtureTree()
        let marks = try landmarks(tree)
        switch cycle {
        case .toDoArrayContainsItself:
            return try setting(tree, object: marks.toDoArray, key: "NS.objects", to: .array([.uid(UInt64(marks.toDoArray))]))
        case .toDoArrayIsRoot:
            return try setting(tree, object: marks.root, key: "toDoItems", to: .uid(UInt64(marks.root)))
        case .locationIsItsItem:
            return try setting(tree, object: marks.firstItem, key: "location", to: .uid(UInt64(marks.firstItem)))
        case .classIsItself:
            return try setting(tree, object: marks.firstItem, key: "$class", to: .uid(UInt64(marks.firstItem)))
        case .unknownKeyPointsToRoot:
            return try setting(tree, object: marks.firstItem, key: "futureKey", to: .uid(UInt64(marks.root)))
        case .unknownKeyPointsToItself:
            let count = UInt64(try objects(tree).count)
            let (grown, uid) = try appending(tree, .dictionary(PropertyListDictionary([("next", .uid(count))])))
            return try setting(grown, object: marks.root, key: "futureKey", to: .uid(uid))
        case .unknownObjectsPointToEachOther:
            let count = UInt64(try objects(tree).count)
            var (grown, first) = try appending(tree, .array([.uid(count + 1)]))
            (grown, _) = try appending(grown, .dictionary(PropertyListDictionary([("back", .array([.uid(count)]))])))
            return try setting(grown, object: marks.firstItem, key: "futureKey", to: .uid(first))
        }
    }

    /// The fixture with an unknown key on the root whose value is a chain of `depth`
    /// objects, each referring to the next by UID.
    static func withDeepUnknownChain(depth: Int) throws -> PropertyListValue {
        let tree = try fixtureTree()
        var objects = try objects(tree)
        let start = objects.count
        for index in 0..<depth {
            let next: PropertyListValue = index == depth - 1 ? .string("end") : .uid(UInt64(start + index + 1))
            objects.append(.dictionary(PropertyListDictionary([("next", next)])))
        }
        let grown = try replacingObjects(tree, objects)
        return try setting(grown, object: landmarks(tree).root, key: "futureKey", to: .uid(UInt64(start)))
    }

    // MARK: - Wrong types

    enum WrongType: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case titleIsInteger
        case titleRefersToInteger
        case titleMissing
        case idIsNotAUUID
        case idIsReal
        case createdAtIsString
        case createdAtMissing
        case timestampIsData
        case locationIsString
        case latitudeIsString
        case objectsIsDictionary
        case objectsMissing
        case topMissing
        case topIsArray
        case rootIsString
        case rootIsNull
        case toDoItemsIsString
        case nsObjectsIsString
        case itemIsString
        case classMissing
        case classNameUnknown
        case formatVersionIsString
        case formatVersionNewer
        case emptyTitle
        case latitudeOutOfRange
        case latitudeWithoutLongitude
        case duplicateID

        var testDescription: String { rawValue }
    }

    static func applying(_ wrong: WrongType) throws -> PropertyListValue {
        let tree = try fixtureTree()
        let marks = try landmarks(tree)
        let objects = try objects(tree)
        let item = try dictionary(objects[marks.firstItem])
        let locationIndex = try uid(item["location"])
        switch wrong {
        case .titleIsInteger: return try replacingInFirstItem(tree, key: "title", with: .integer(5))
        case .titleRefersToInteger: return try replacingReferencedByFirstItem(tree, key: "title", with: .integer(5))
        case .titleMissing: return try replacingInFirstItem(tree, key: "title", with: nil)
        case .idIsNotAUUID: return try replacingReferencedByFirstItem(tree, key: "id", with: .string("not-a-uuid"))
        case .idIsReal: return try replacingReferencedByFirstItem(tree, key: "id", with: .real(1))
        case .createdAtIsString: return try replacingInFirstItem(tree, key: "createdAt", with: .string("yesterday"))
        case .createdAtMissing: return try replacingInFirstItem(tree, key: "createdAt", with: nil)
        case .timestampIsData: return try replacingInFirstItem(tree, key: "timestamp", with: .data([1, 2, 3]))
        case .locationIsString: return try replacingReferencedByFirstItem(tree, key: "location", with: .string("Pole"))
        case .latitudeIsString: return try setting(tree, object: locationIndex, key: "latitude", to: .string("north"))
        case .objectsIsDictionary:
            var top = try top(tree)
            top["$objects"] = .dictionary(PropertyListDictionary([("0", .string("$null"))]))
            return .dictionary(top)
        case .objectsMissing:
            var top = try top(tree)
            top["$objects"] = nil
            return .dictionary(top)
        case .topMissing: return try settingTop(tree, nil)
        case .topIsArray: return try settingTop(tree, .array([.uid(1)]))
        case .rootIsString: return try settingTop(tree, .dictionary(PropertyListDictionary([("root", .string("1"))])))
        case .rootIsNull: return try settingTop(tree, .dictionary(PropertyListDictionary([("root", .uid(0))])))
        case .toDoItemsIsString:
            let (grown, uid) = try appending(tree, .string("items"))
            return try setting(grown, object: marks.root, key: "toDoItems", to: .uid(uid))
        case .nsObjectsIsString: return try setting(tree, object: marks.toDoArray, key: "NS.objects", to: .string("none"))
        case .itemIsString:
            let (grown, uid) = try appending(tree, .string("an item"))
            return try setting(grown, object: marks.toDoArray, key: "NS.objects", to: .array([.uid(uid)]))
        case .classMissing: return try replacingInFirstItem(tree, key: "$class", with: nil)
        case .classNameUnknown:
            return try replacingReferencedByFirstItem(tree, key: "$class", with: .dictionary(PropertyListDictionary([
                ("$classname", .string("NSDate")), ("$classes", .array([.string("NSDate"), .string("NSObject")])),
            ])))
        case .formatVersionIsString: return try setting(tree, object: marks.root, key: "formatVersion", to: .string("1"))
        case .formatVersionNewer: return try setting(tree, object: marks.root, key: "formatVersion", to: .integer(2))
        case .emptyTitle: return try replacingReferencedByFirstItem(tree, key: "title", with: .string("  \n"))
        case .latitudeOutOfRange: return try setting(tree, object: locationIndex, key: "latitude", to: .real(91))
        case .latitudeWithoutLongitude: return try setting(tree, object: locationIndex, key: "longitude", to: nil)
        case .duplicateID:
            // The second To Do item gets the first one's id object.
            guard case .array(let members)? = try dictionary(objects[marks.toDoArray])["NS.objects"], members.count > 1 else {
                throw Missing(description: "fewer than two items")
            }
            return try setting(tree, object: try uid(members[1]), key: "id", to: item["id"])
        }
    }
}
