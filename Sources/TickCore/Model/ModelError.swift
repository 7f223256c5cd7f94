import FoundationEssentials

/// Why a change to the to-do model was refused.
public enum ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyTitle
    case emptyLocationName
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)
    /// Only one of latitude and longitude was given.
    case incompleteCoordinate
    case duplicateID(UUID)
    case unknownID(UUID)
    case positionOutOfRange(position: Int, section: ToDoList.Section, count: Int)
    /// A priority outside iCalendar's 1…9.
    case badPriority(Int)
    /// A tag holding a line break.
    case badTag(String)
    /// A repeating item whose rule tick cannot follow, ticked off: that would end its series.
    case unreadableRepeat(String)
    /// A parent that is not an item of the list (it may be in another list, or gone).
    case unknownParent(UUID)
    /// A parent that is the item itself or one of its subtasks.
    case parentCycle(item: UUID, parent: UUID)

    public var description: String {
        switch self {
        case .emptyTitle: "a title cannot be empty"
        case .emptyLocationName: "a location needs a name"
        case .latitudeOutOfRange(let value): "latitude \(value) is outside -90…90"
        case .longitudeOutOfRange(let value): "longitude \(value) is outside -180…180"
        case .incompleteCoordinate: "a coordinate needs both latitude and longitude"
        case .duplicateID(let id): "an item with id \(id.uuidString) is already in the list"
        case .unknownID(let id): "no item has id \(id.uuidString)"
        case let .positionOutOfRange(position, section, count):
            "position \(position) is outside \(section.title) (0…\(count))"
        case .badPriority(let value): "priority \(value) is outside 1…9 (1 highest)"
        case .badTag(let tag): "the tag \"\(VisibleText.line(tag))\" holds a line break"
        case .unreadableRepeat(let rule):
            "tick cannot follow this repeat (\(VisibleText.line(rule))), and ticking it off would end the series everywhere; clear the repeat first to end it"
        case .unknownParent(let id): "no item of this list has id \(id.uuidString), so it cannot be a parent"
        case let .parentCycle(item, parent):
            item == parent ? "an item cannot be its own parent"
                : "\(parent.uuidString) is a subtask of \(item.uuidString), so it cannot be its parent"
        }
    }
}
