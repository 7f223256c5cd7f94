import ArgumentParser
import FoundationEssentials
import TickCore

struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an item to the end of To Do; prints `added ID  TITLE`.",
        discussion: """
            The words of TITLE are joined with spaces, so quotes are optional.

            DATE is one of: \(DateParseError.acceptedForms). \
            Dates without a zone are in the local time zone.

            PLACE is a name, or a name and a coordinate: "Dom @ 50.94, 6.96". A coordinate \
            is LAT,LON in degrees (negative south and west) or with hemispheres: \
            "50.94° N, 6.96° E".

            Examples:
              tick add Buy milk
              tick add "Call Ana" --due fri --notes "about the flat"
              tick add "Return the book" --due 2026-12-01T17:00 --location Library
              tick add Surf --location Bondi --coordinate -33.89,151.27
              tick add Mass --location "Dom @ 50.94° N, 6.96° E"
            """
    )

    @Argument(help: ArgumentHelp("The item's title.", valueName: "title"))
    var title: [String]

    @Option(help: ArgumentHelp("Notes for the item.", valueName: "text"))
    var notes: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("When it is due: tomorrow, fri 17:00, 3d, -1d, Dec 1, 2026-12-01, …", valueName: "date"),
            transform: ArgumentValues.due)
    var due: ParsedDue?

    @Option(help: ArgumentHelp("Where it is to be done: a name, or \"Name @ LAT, LON\".", valueName: "place"))
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
        _ = try place()
    }

    /// The location `--location` and `--coordinate` give, read by TickCore's ``LocationParser``.
    func place() throws -> Location? {
        guard let location else { return nil }
        let parsed: Location?
        do {
            parsed = try LocationParser.parse(location, currentName: nil)
        } catch {
            throw ValidationError(VisibleText.escaped("--location: \(error.message)"))
        }
        guard let parsed, let coordinate else { return parsed }
        if parsed.coordinate != nil { throw ValidationError("give the coordinate once: in --location NAME @ LAT, LON or in --coordinate") }
        return try Location(name: parsed.name, coordinate: coordinate)
    }

    func run() throws {
        let place = try self.place()
        let item: ToDoItem
        do {
            var made = try ToDoItem(title: joinedTitle, notes: notes.flatMap { $0.isEmpty ? nil : $0 }, location: place)
            if let due { try made.set(due.dueField()) }
            item = made
        } catch {
            throw ValidationError(error.description)
        }
        try reportingErrors {
            ProcessLifetime.keepUntilExit(try storeOptions.makeStore().apply([.insert(item, .toDo, at: nil)]))
            output(ItemFormatting.report("added", item))
        }
    }
}
