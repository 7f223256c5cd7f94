import FoundationEssentials
import TickCore

/// One VTODO as sync patches it: the VTODO as read, what tick read from it, the entry to put
/// in, and the VTODO with the rows' changes so far.
struct VTodoPatchState {
    /// The VTODO as it was.
    let original: ICalComponent
    /// What tick read from it.
    let old: DecodedToDo
    /// What it should say.
    let entry: ICalendarEntry
    /// The time of the change when the item does not say (its modifiedAt).
    let now: Date
    /// The VTODO with the changes so far.
    private(set) var patched: ICalComponent
    /// Whether a row changed anything.
    private(set) var changed = false
    /// What a new DUE made the patch leave out.
    var dropped = DroppedForDue()

    init(_ vtodo: ICalComponent, old: DecodedToDo, entry: ICalendarEntry, now: Date) {
        original = vtodo
        patched = vtodo
        self.old = old
        self.entry = entry
        self.now = now
    }

    /// The item to put in.
    var item: ToDoItem { entry.item }

    /// Replaces the properties named `key` with `properties` where the first of them was (or
    /// before END), and notes the change; an empty list removes them.
    mutating func set(_ key: String, _ properties: [ICalProperty]) {
        changed = true
        patched.replace(key, with: properties)
    }

    /// ``set(_:_:)`` without counting as a change: for the properties that record one.
    mutating func stamp(_ key: String, _ properties: [ICalProperty]) {
        patched.replace(key, with: properties)
    }
}
