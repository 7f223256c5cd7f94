import ArgumentParser
import FoundationEssentials
import TickCore

struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an item to the end of To Do; prints `added ID  TITLE` and the due date read.",
        discussion: """
            The words of TITLE are joined with spaces, so quotes are optional. As in \
            taskwarrior, a word due:DATE sets the due date (due:fri, due:"fri 17:00"; not \
            beside --due) and a word +TAG adds a tag (+library: a + and a letter; + alone \
            and +5 stay in the title); a quoted argument with spaces is title text as it is \
            ("Ask about due:fri"). \
            A TITLE of - alone reads the titles from standard input, one item per \
            non-empty line, each line as it is; the options apply to every item.

            tick prints each item added with its due date, so that the day a word such as \
            "Nov 20" or "fri" was read as is seen: added 3f2a1b2c  Return books  due Fri 2026-11-20.

            DATE is one of: \(DateParseError.acceptedForms). \
            Dates without a zone are in the local time zone.

            P is high, medium, low or 1–9 (iCalendar's scale: 1 highest, high = 1, \
            medium = 5, low = 9). RULE is an RRULE value (FREQ=MONTHLY;BYDAY=2TU) or words: \
            daily, weekly, monthly, yearly, weekdays, every day, every 3 days, every 2 weeks, \
            every weekday, every fri, every mon,thu, every month on the 15th, every last fri, \
            every year, each optionally followed by "until DATE" or "5 times". A repeating item needs a \
            due date: without --due it is due on the rule's first day from today.

            PLACE is a name, or a name and a coordinate: "Dom @ 50.94, 6.96"; an @ followed \
            by words is part of the name ("Lunch @ Joe's Diner"). A coordinate \
            is LAT,LON in degrees (negative south and west) or with hemispheres: \
            "50.94° N, 6.96° E".

            Examples:
              tick add Buy milk
              tick add Return books due:fri +library
              grep -h TODO *.md | tick add - --due tomorrow
              tick add "Call Ana" --due fri --notes "about the flat"
              tick add "Return the book" --due 2026-12-01T17:00 --location Library
              tick add Surf --location Bondi --coordinate -33.89,151.27
              tick add Mass --location "Dom @ 50.94° N, 6.96° E"
              tick add "Take out the trash" --repeat "every tue" --tag home --priority high
              tick add Socks --parent 3        (a subtask of item 3, at the end of its subtasks)
            """
    )

    @Argument(help: ArgumentHelp("The item's title, with due:DATE and +TAG words; - alone: one item per line of standard input.", valueName: "title"))
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
            help: ArgumentHelp("How it repeats: every week, every 2 days, every last fri, FREQ=…; needs a due (none: its first day from today).",
                               valueName: "rule"))
    var repeatRule: String?

    @Option(help: ArgumentHelp("Add it as a subtask of this item (a position from `tick list` or the start of an id).",
                               valueName: "item"))
    var parent: ItemReference?

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        let words = try TitleWords(title, dueOption: due != nil, now: Date())
        guard !words.title.joined(separator: " ").trimmed().isEmpty else {
            throw ValidationError("Missing a title: tick add TITLE")
        }
        if coordinate != nil && location == nil {
            throw ValidationError("--coordinate needs --location NAME")
        }
        if let location, location.trimmed().isEmpty {
            throw ValidationError("--location needs a name")
        }
        if tags.contains(where: { TagInput.tag($0).isEmpty }) {
            throw ValidationError("--tag needs a name")
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
        try reportingErrors {
            let items = try makeItems()
            if let parent { return try addSubtasks(items, under: parent) }
            let store = try storeOptions.makeStore()
            let operations = items.map { ToDoList.Operation.insert($0, .toDo, at: nil) }
            let entry = UndoJournal.Entry(
                name: UndoJournal.name("add", titles: items.map(\.title)), forward: operations,
                inverse: items.reversed().map { .remove($0.id) }, source: "tick add"
            )
            // Recorded in the undo journal under the list's lock, as every change is.
            var journalError: StoreError?
            let (list, _) = try store.commit(operations, appliedTo: ToDoList(), readAt: nil, at: Date(), zone: .current) { version in
                do throws(StoreError) {
                    try store.journal.apply([.recorded(entry)], after: version)
                } catch {
                    journalError = error
                }
            }
            ProcessLifetime.keepUntilExit(list)
            if let journalError { warn("\(journalError.description); tick undo cannot undo this change") }
            for item in items { output(Self.report(item)) }
        }
    }

    /// Adds `items` as subtasks of the item `parent` names in the list as it is on disk:
    /// each goes to the end of the parent's block.
    private func addSubtasks(_ items: [ToDoItem], under parent: ItemReference) throws {
        let added = try storeOptions.makeStore().modifyRecording(verb: "add", command: "add") { list, record in
            let parentID = try parent.resolve(in: list).item.id
            return try items.map { (item) throws in
                var item = item
                item.parent = parentID
                try record.apply(.insert(item, .toDo, at: nil), to: &list, title: item.title)
                return item
            }
        }
        for item in added { output(Self.report(item)) }
    }
}
