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

            P is high, medium, low or 1–9 (iCalendar's scale: 1 highest, high = 1, \
            medium = 5, low = 9). RULE is an RRULE value (FREQ=MONTHLY;BYDAY=2TU) or words: \
            daily, weekly, monthly, yearly, every day, every 3 days, every 2 weeks, every \
            weekday, every fri, every mon,thu, every month on the 15th, every last fri, \
            every year, each optionally followed by "until DATE". A repeating item needs a \
            due date: without --due it is due today.

            PLACE is a name, or a name and a coordinate: "Dom @ 50.94, 6.96". A coordinate \
            is LAT,LON in degrees (negative south and west) or with hemispheres: \
            "50.94° N, 6.96° E".

            Examples:
              tick add Buy milk
              tick add "Call Ana" --due fri --notes "about the flat"
              tick add "Return the book" --due 2026-12-01T17:00 --location Library
              tick add Surf --location Bondi --coordinate -33.89,151.27
              tick add Mass --location "Dom @ 50.94° N, 6.96° E"
              tick add "Take out the trash" --repeat "every tue" --tag home --priority high
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

    @Option(help: ArgumentHelp("How important: high, medium, low or 1–9 (1 highest).", valueName: "priority"),
            transform: ArgumentValues.priority)
    var priority: Int?

    @Option(name: .customLong("tag"), help: ArgumentHelp("A tag; repeat the option for more.", valueName: "name"))
    var tags: [String] = []

    @Option(name: .customLong("repeat"),
            help: ArgumentHelp("How it repeats: every week, every 2 days, every last fri, FREQ=…; needs a due (none: today).",
                               valueName: "rule"))
    var repeatRule: String?

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
            let due = repeatRule != nil && self.due == nil ? ParsedDue(date: LocalTime.current.startOfDay(for: Date()), isDay: true) : self.due
            if let due { try made.set(due.dueField()) }
            try made.setPriority(priority)
            try made.setTags(tags)
            if let repeatRule { made.recurrence = try ArgumentValues.repeatRule(repeatRule, dueIsDay: made.dueIsDay) }
            item = made
        } catch {
            throw ValidationError(VisibleText.escaped(String(describing: error)))
        }
        try reportingErrors {
            ProcessLifetime.keepUntilExit(try storeOptions.makeStore().apply([.insert(item, .toDo, at: nil)]))
            output(ItemFormatting.report("added", item))
        }
    }
}
