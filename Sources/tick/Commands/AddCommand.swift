import ArgumentParser
import FoundationEssentials
import TickCore

struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an item to the end of To Do and print its short id.",
        discussion: """
            The words of TITLE are joined with spaces, so quotes are optional.

            DATE is one of: \(DateParseError.acceptedForms). \
            Dates without a zone are in the local time zone.

            Examples:
              tick add Buy milk
              tick add "Call Ana" --due fri --notes "about the flat"
              tick add "Return the book" --due 2026-12-01T17:00 --location Library
              tick add Surf --location Bondi --coordinate -33.89,151.27
            """
    )

    @Argument(help: ArgumentHelp("The item's title.", valueName: "title"))
    var title: [String]

    @Option(help: ArgumentHelp("Notes for the item.", valueName: "text"))
    var notes: String?

    @Option(help: ArgumentHelp("When it is due: tomorrow, fri, +3d, 2026-12-01, 2026-12-01T09:30, …", valueName: "date"),
            transform: ArgumentValues.date)
    var due: Date?

    @Option(help: ArgumentHelp("Where it is to be done.", valueName: "name"))
    var location: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The location's coordinate in degrees (needs --location).", valueName: "lat,lon"),
            transform: ArgumentValues.coordinate)
    var coordinate: Location.Coordinate?

    @OptionGroup var storeOptions: StoreOptions

    var joinedTitle: String { title.joined(separator: " ") }

    func validate() throws {
        guard !joinedTitle.trimmed().isEmpty else {
            throw ValidationError("Missing a title: tick add TITLE")
        }
        if coordinate != nil && location == nil {
            throw ValidationError("--coordinate needs --location NAME")
        }
        if let location, location.trimmed().isEmpty {
            throw ValidationError("--location needs a name")
        }
    }

    func run() throws {
        let item: ToDoItem
        do {
            let place = try location.map { name throws(ModelError) in try Location(name: name, coordinate: coordinate) }
            item = try ToDoItem(title: joinedTitle, notes: notes.flatMap { $0.isEmpty ? nil : $0 }, due: due, location: place)
        } catch {
            throw ValidationError(error.description)
        }
        try reportingErrors {
            try storeOptions.makeStore().apply([.insert(item, .toDo, at: nil)])
            output(ItemFormatting.shortID(item))
        }
    }
}
