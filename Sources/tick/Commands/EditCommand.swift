import ArgumentParser
import FoundationEssentials
import TickCore

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change an item's title, notes, due date or location.",
        discussion: """
            Only the fields given change. --location takes a name, "Name @ LAT, LON", or \
            "LAT, LON" alone, which keeps the location's name; --coordinate alone keeps the \
            location's name and sets its coordinate.

            Examples:
              tick edit 2 --title "Buy oat milk"
              tick edit 2 --due +2w --clear-notes
              tick edit 3f2a --location Office --coordinate 50.94,6.96
            """
    )

    @OptionGroup var itemArgument: SingleItemArgument

    @Option(help: ArgumentHelp("A new title.", valueName: "title"))
    var title: String?

    @Option(help: ArgumentHelp("New notes.", valueName: "text"))
    var notes: String?

    @Flag(help: "Remove the notes.")
    var clearNotes = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("A new due date: tomorrow, fri 17:00, 3d, -1d, Dec 1, 2026-12-01, …", valueName: "date"),
            transform: ArgumentValues.due)
    var due: ParsedDue?

    @Flag(help: "Remove the due date.")
    var clearDue = false

    @Option(help: ArgumentHelp("A new location: a name, or \"Name @ LAT, LON\".", valueName: "place"))
    var location: String?

    @Flag(help: "Remove the location.")
    var clearLocation = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The location's coordinate in degrees.", valueName: "lat,lon"),
            transform: ArgumentValues.coordinate)
    var coordinate: Location.Coordinate?

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if notes != nil && clearNotes { throw ValidationError("give --notes or --clear-notes, not both") }
        if due != nil && clearDue { throw ValidationError("give --due or --clear-due, not both") }
        if (location != nil || coordinate != nil) && clearLocation {
            throw ValidationError("give --location/--coordinate or --clear-location, not both")
        }
        if let title, title.trimmed().isEmpty {
            throw ValidationError("a title cannot be empty")
        }
        if let location, location.trimmed().isEmpty {
            throw ValidationError("--location needs a name (use --clear-location to remove it)")
        }
        if title == nil && notes == nil && !clearNotes && due == nil && !clearDue && location == nil
            && !clearLocation && coordinate == nil {
            throw ValidationError("nothing to change: give --title, --notes, --due, --location or --coordinate (or a --clear-… flag)")
        }
    }

    func run() throws {
        try reportingErrors {
            let item = try storeOptions.makeStore().modify { list in
                let (item, _, _) = try itemArgument.item.resolve(in: list)
                for field in try fields(for: item) { try list.apply(.set(item.id, field)) }
                return item
            }
            output("edited \(ItemFormatting.shortID(item))  \(ItemFormatting.oneLine(title?.trimmed() ?? item.title))")
        }
    }

    /// The changes the options ask for, for `item` as it is in the file.
    private func fields(for item: ToDoItem) throws -> [ToDoList.ItemField] {
        var fields: [ToDoList.ItemField] = []
        if let title { fields.append(.title(title)) }
        if let notes { fields.append(.notes(notes.isEmpty ? nil : notes)) }
        if clearNotes { fields.append(.notes(nil)) }
        if let due { fields.append(due.dueField()) }
        if clearDue { fields.append(.due(nil)) }
        if clearLocation { fields.append(.location(nil)) }
        if let location {
            let parsed: Location?
            do {
                parsed = try LocationParser.parse(location, currentName: item.location?.name)
            } catch {
                throw CLIError("--location: \(error.message)")
            }
            guard let parsed else { throw CLIError("--location needs a name (use --clear-location to remove it)") }
            if let coordinate {
                if parsed.coordinate != nil { throw CLIError("give the coordinate once: in --location NAME @ LAT, LON or in --coordinate") }
                fields.append(.location(try Location(name: parsed.name, coordinate: coordinate)))
            } else {
                fields.append(.location(parsed))
            }
        } else if let coordinate {
            guard let name = item.location?.name else {
                throw CLIError("the item has no location to put the coordinate on: give --location NAME too")
            }
            fields.append(.location(try Location(name: name, coordinate: coordinate)))
        }
        return fields
    }
}
