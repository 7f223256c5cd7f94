import ArgumentParser
import FoundationEssentials
import Glibc
import TickCore
import TickInterchange

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the list, To Do then Done, or the items that match.",
        discussion: """
            Each line shows the item's position (what ITEM arguments take), [ ] or [x], the \
            title, the due date (with "overdue" after an open item's passed due: a day once \
            it has passed, a time once it has) and the \
            location. Positions count To Do first, then Done, also when only some items are \
            shown. On a terminal the lines fit its width (long titles end in …); into a pipe \
            or file they are plain, unpadded and never cut.

            TEXT keeps the items whose title, notes or location name contain it, ignoring \
            case and accents (cafe finds Café), as / does in the full-screen list. The \
            filters combine: an item is shown when it passes all of them.

            --tag keeps the items that have the tag (given several times: every one of them; \
            case is ignored). --sort due or --sort priority prints To Do in that order (the \
            soonest due or the highest priority first; items without one last, in the \
            list's order) and leaves the list's own order and the positions as they are.

            --json prints an array of objects with the keys id, title, notes, due, location, \
            priority, tags, repeat, done, createdAt, completedAt, modifiedAt, externalUID, iCalendarExtras, \
            taskwarriorExtras and parent (docs/interchange.md); dates are ISO 8601 in UTC, a due given as a day is \
            "2026-12-01"; texts are exact (control characters, which the text form shows as \
            ^[ or <U+202E>, are JSON escapes). `tick export --format json` prints the same and \
            `tick import` reads it. With --all-lists each object also has "list", the \
            name of its list, and `tick import` of that puts each item back in its list \
            (making a list that is not there), unless --list names one.

            Examples:
              tick list
              tick list milk
              tick list --overdue
              tick list --due-before "next week" --open
              tick list --tag work --sort priority
              tick list --json | jq -r '.[].title'
            """
    )

    @Argument(help: ArgumentHelp("Only the items whose title, notes or location contain this.", valueName: "text"))
    var text: [String] = []

    @Flag(help: "Only the items still to do.")
    var open = false

    @Flag(help: "Only the items done.")
    var done = false

    @Flag(help: "Only the open items whose due has passed: a day due once its day has, a timed due once its time has.")
    var overdue = false

    @Flag(help: "Only the items due today.")
    var today = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Only the items due before this date (a day means its start): fri, Dec 1, 3d, …", valueName: "date"),
            transform: ArgumentValues.date)
    var dueBefore: Date?

    @Option(name: .customLong("tag"), help: ArgumentHelp("Only the items with this tag (repeat: with every one).", valueName: "name"))
    var tags: [String] = []

    @Option(help: ArgumentHelp("Print To Do sorted by due or priority (the list's order stays).", valueName: "due|priority"))
    var sort: ItemOrder?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Flag(help: "Every list (see tick lists): each under its name; with --json each item with \"list\".")
    var allLists = false

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if open && done { throw ValidationError("--open and --done exclude each other; give neither for both") }
        if overdue && done { throw ValidationError("--overdue shows items still to do; it does not go with --done") }
        if allLists && storeOptions.list != nil { throw ValidationError("--all-lists prints every list; it does not go with --list") }
        if allLists && sort != nil { throw ValidationError("--all-lists prints each list in its own order; it does not go with --sort") }
        if tags.contains(where: { TagInput.tag($0).isEmpty }) { throw ValidationError("--tag needs a name") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let config = ConfigPreferences.load(environment: environment)
        config.report()
        try reportingErrors {
            let sections: [ToDoList.Section] = open || overdue ? [.toDo] : done ? [.done] : [.toDo, .done]
            let filter = ListFilter(
                matcher: text.isEmpty ? nil : TextMatcher(text.joined(separator: " ")),
                overdue: overdue, today: today, dueBefore: dueBefore, tags: tags.map(TextMatcher.TagName.init), now: Date(), calendar: .current,
                colors: DueColors.forStandardOutput(environment: environment, scheme: config.preferences.colorScheme)
            )
            if allLists { return try Self.printAllLists(storeOptions.listSet, sections: sections, json: json, filter: filter) }
            if let sort {
                let list = try storeOptions.makeStore().load()
                ProcessLifetime.keepUntilExit(list)
                return try Self.printSorted(list, by: sort, sections: sections, json: json, filter: filter)
            }
            try Self.print(storeOptions.makeStore(), sections: sections, json: json, filter: filter)
        }
    }

    /// Prints the list's given sections (the items `filter` keeps) as text or JSON. A
    /// terminal's columns are sized from every row, so there the list is read whole; JSON
    /// and lines into a pipe are written as the items are read (``printStreamed``).
    static func print(_ store: ToDoStore, sections: [ToDoList.Section], json: Bool, filter: ListFilter) throws {
        guard json || TerminalWidth.ofStandardOutput() == nil else {
            let list = try store.load()
            ProcessLifetime.keepUntilExit(list)
            return try printList(list, sections: sections, filter: filter)
        }
        guard try printStreamed(store.items(), sections: sections, json: json, filter: filter) else {
            // Positions are those of the list in tree order, which only the whole list knows.
            let list = try store.load()
            ProcessLifetime.keepUntilExit(list)
            return try printList(list, sections: sections, filter: filter)
        }
    }

    /// Prints the given sections as JSON or plain lines while reading the items one at a
    /// time, never holding the list. Nothing is printed when an item is bad: lines (about a
    /// quarter of the file's size) are collected and written once every item was read;
    /// JSON, larger than the file, is written as it goes after a first pass has read every
    /// item. Subtasks are indented under their parents as the items come, which is the
    /// list's tree order when each subtask comes after its parent (as tick writes them);
    /// when one does not, no line is written: false, for the caller to print them from the
    /// whole list (a file another program wrote may hold a subtask before its parent, which
    /// the list's tree order, and so its positions, move).
    @discardableResult
    static func printStreamed(_ items: StoredItems, sections: [ToDoList.Section], json: Bool, filter: ListFilter) throws -> Bool {
        if json { try items.forEach { _, _ in true } }
        let today = filter.calendar.fields(of: filter.now)
        var writer = ByteWriter(descriptor: STDOUT_FILENO, destination: "standard output")
        var array = TickJSON.ArrayStream()
        var failure: InterchangeError?
        var position = 0  // in the whole list, To Do first (every To Do item comes first)
        var depths = SubtaskDepths()
        var outOfTreeOrder = false
        try items.forEach { section, item in
            position += 1
            // (Every item is read, also of a section not shown: a bad one is an error here too;
            // lines stop at a subtask whose parent is not above it, and the whole list read
            // next checks the rest.)
            let depth = json ? 0 : depths.next(item, in: section)
            if item.parent != nil, depth == 0, !json {
                outOfTreeOrder = true
                return false
            }
            guard sections.contains(section), !filter.narrows || filter.keeps(item, in: section) else { return true }
            guard json else {
                ListText.writePlainLine(item, position: position, done: section == .done, indent: 2 * depth, today: today,
                                       now: filter.now, calendar: filter.calendar, to: &writer)
                return true
            }
            array.startElement(to: &writer)
            TickJSON.writeObject(item, done: section == .done, to: &writer)
            do throws(InterchangeError) { try writer.flushIfFull() } catch { failure = error }
            return failure == nil
        }
        if let failure { throw failure }
        if json { try array.finish(to: &writer) } else if !outOfTreeOrder { try writer.flush() }
        return json || !outOfTreeOrder
    }

    /// Prints the given sections of `list` (the items `filter` keeps) as lines that fit
    /// standard output's width when it is a terminal.
    static func printList(_ list: ToDoList, sections: [ToDoList.Section], filter: ListFilter) throws {
        var positions: [Int] = []
        for section in sections {
            let offset = section == .toDo ? 0 : list.toDoItems.count
            for (index, item) in list.items(in: section).enumerated() where filter.keeps(item, in: section) {
                positions.append(offset + index + 1)
            }
        }
        var writer = ByteWriter(descriptor: STDOUT_FILENO, destination: "standard output")
        try ListText(list: list, positions: positions, now: filter.now, calendar: filter.calendar, colors: filter.colors)
            .write(width: TerminalWidth.ofStandardOutput(), to: &writer)
    }
}

/// The orders `tick list --sort` prints To Do in: TickCore's ``ItemOrder``.
extension ItemOrder: ExpressibleByArgument {}

extension ListCommand {
    /// Prints the given sections with To Do in `sort`'s order (Done in its own), as text
    /// (positions as in the list, subtasks not indented) or JSON.
    static func printSorted(_ list: ToDoList, by sort: ItemOrder, sections: [ToDoList.Section], json: Bool, filter: ListFilter) throws {
        var positions: [Int] = []
        if sections.contains(.toDo) {
            positions += sort.sorted(Array(list.toDoItems.indices), of: list.toDoItems, calendar: filter.calendar)
                .filter { filter.keeps(list.toDoItems[$0], in: .toDo) }.map { $0 + 1 }
        }
        if sections.contains(.done) {
            let offset = list.toDoItems.count
            positions += list.doneItems.indices.filter { filter.keeps(list.doneItems[$0], in: .done) }.map { offset + $0 + 1 }
        }
        var writer = ByteWriter(descriptor: STDOUT_FILENO, destination: "standard output")
        guard json else {
            return try ListText(list: list, positions: positions, now: filter.now, calendar: filter.calendar, colors: filter.colors,
                                indentsSubtasks: false)
                .write(width: TerminalWidth.ofStandardOutput(), to: &writer)
        }
        var array = TickJSON.ArrayStream()
        for position in positions {
            let done = position > list.toDoItems.count
            array.startElement(to: &writer)
            TickJSON.writeObject(done ? list.doneItems[position - 1 - list.toDoItems.count] : list.toDoItems[position - 1], done: done, to: &writer)
            try writer.flushIfFull()
        }
        try array.finish(to: &writer)
    }
}

/// Which items `tick list` keeps: text, overdue, due today, due before a date, tags.
struct ListFilter {
    var matcher: TextMatcher?
    var overdue = false
    var today = false
    var dueBefore: Date?
    /// The item must have every one of these tags (ignoring case and accents).
    var tags: [TextMatcher.TagName] = []
    var now: Date
    var calendar: LocalTime
    /// How due dates are coloured on a terminal (not a criterion: it rides along).
    var colors: DueColors? = nil

    /// Whether any criterion is set, so that some items may be left out.
    var narrows: Bool { matcher != nil || overdue || today || dueBefore != nil || !tags.isEmpty }

    func keeps(_ item: ToDoItem, in section: ToDoList.Section) -> Bool {
        if overdue {
            guard section == .toDo, item.dueState(now: now, calendar: calendar) == .overdue else { return false }
        }
        if today {
            guard let due = item.localDue(calendar: calendar), calendar.days(from: now, to: due) == 0 else { return false }
        }
        if let dueBefore {
            guard let due = item.localDue(calendar: calendar), due < dueBefore else { return false }
        }
        if let matcher, !matcher.matches(item) { return false }
        for tag in tags where !item.tags.contains(where: tag.matches) { return false }
        return true
    }
}
