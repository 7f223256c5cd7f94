import Foundation
@testable import TickCore

extension ToDoItem {
    /// An item titled "x" made as the file's reader makes one
    /// (``ToDoItem/init(id:validatedTitle:notes:due:dueIsDay:createdAt:modifiedAt:completedAt:location:unknownFields:externalUID:iCalendarExtras:taskwarriorExtras:priority:tags:recurrence:parent:)``),
    /// with these of the fields it checks as their setters do.
    static func asRead(priority: Int? = nil, tags: [String] = [], recurrence: String? = nil) throws(ModelError) -> ToDoItem {
        try ToDoItem(
            id: UUID(), validatedTitle: "x", notes: nil, due: nil, dueIsDay: false, createdAt: Date(),
            modifiedAt: nil, completedAt: nil, location: nil, unknownFields: UnknownFields(),
            externalUID: nil, iCalendarExtras: nil, taskwarriorExtras: nil,
            priority: priority, tags: tags, recurrence: recurrence, parent: nil)
    }
}
