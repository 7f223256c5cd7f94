import ArgumentParser
import FoundationEssentials
import TickCore

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change items' title, notes, due date, location, priority, tags, repeat or parent.",
        discussion: """
            Only the fields given change, on every ITEM named (all are found before \
            anything changes). --priority takes high, medium, low or 1–9 (1 highest); \
            --tag adds a tag, --untag removes one; --repeat takes an RRULE value or words \
            (every week, every 2 days, every last fri, every month on the 15th, … until \
            DATE); an item without a due that starts to repeat is due on the rule's first day \
            from today; changing \
            the due of a repeating item moves the series.  --location takes a name, "Name @ LAT, LON", or \
            "LAT, LON" alone, which keeps the location's name; --coordinate alone keeps the \
            location's name and sets its coordinate. --parent ITEM makes the items subtasks \
            of ITEM (in this list; not the item itself or one of its subtasks): each moves, \
            with its own subtasks, to the end of ITEM's subtasks; --clear-parent makes them \
            top level, right after their former parent's subtasks.

            Examples:
              tick edit 2 --title "Buy oat milk"
              tick edit 2 --due +2w --clear-notes
              tick edit 3f2a --location Office --coordinate 50.94,6.96
              tick edit 1 4 --priority high --tag work --untag someday
              tick edit 2 --repeat "every 2 weeks on mon" 
              tick edit 5 --parent 2
            """
    )

    @OptionGroup var itemArguments: ItemArguments

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

    @Option(help: ArgumentHelp("A new priority: high, medium, low or 1–9 (1 highest).", valueName: "priority"),
            transform: ArgumentValues.priority)
    var priority: Int?

    @Flag(help: "Remove the priority.")
    var clearPriority = false

    @Option(name: .customLong("tag"), help: ArgumentHelp("Add a tag; repeat the option for more.", valueName: "name"))
    var addTags: [String] = []

    @Option(name: .customLong("untag"), help: ArgumentHelp("Remove a tag; repeat the option for more.", valueName: "name"))
    var removeTags: [String] = []

    @Option(name: .customLong("repeat"),
            help: ArgumentHelp("How it repeats: every week, every 2 days, every last fri, FREQ=…", valueName: "rule"))
    var repeatRule: String?

    @Flag(help: "Stop repeating (the due stays).")
    var clearRepeat = false

    @Option(help: ArgumentHelp("Make it a subtask of this item (a position from `tick list` or the start of an id).",
                               valueName: "item"))
    var parent: ItemReference?

    @Flag(help: "Make it a top-level item again (no parent).")
    var clearParent = false

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if itemArguments.items.isEmpty { throw ValidationError("Missing ITEM: a position from `tick list` or the start of an id") }
        if priority != nil && clearPriority { throw ValidationError("give --priority or --clear-priority, not both") }
        if repeatRule != nil && clearRepeat { throw ValidationError("give --repeat or --clear-repeat, not both") }
        if parent != nil && clearParent { throw ValidationError("give --parent or --clear-parent, not both") }
        if let repeatRule, repeatRule.trimmed().isEmpty { throw ValidationError("--repeat needs a rule (use --clear-repeat to stop repeating)") }
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
        if (addTags + removeTags).contains(where: { TagInput.tag($0).isEmpty }) {
            throw ValidationError("--tag and --untag need a name")
        }
        if title == nil && notes == nil && !clearNotes && due == nil && !clearDue && location == nil
            && !clearLocation && coordinate == nil && priority == nil && !clearPriority && addTags.isEmpty && removeTags.isEmpty
            && repeatRule == nil && !clearRepeat && parent == nil && !clearParent {
            throw ValidationError("""
                nothing to change: give --title, --notes, --due, --location, --coordinate, --priority, --tag, --untag, --repeat \
                or --parent \
                (or a --clear-… flag)
                """)
        }
    }

    func run() throws {
        try reportingErrors {
            let items = try storeOptions.makeStore().modifyRecording(verb: "edit", command: "edit") { list, record in
                let resolved = try ItemReference.resolveAll(itemArguments.items, in: list)
                let parentField = try parent.map { ToDoList.ItemField.parent(try $0.resolve(in: list).item.id) }
                    ?? (clearParent ? .parent(nil) : nil)
                for (item, _, _) in resolved {
                    var named = false
                    for field in try fields(for: item) + [parentField].compactMap({ $0 }) {
                        do {
                            if try record.apply(.set(item.id, field), to: &list, title: named ? nil : item.title) { named = true }
                        } catch ModelError.parentCycle(let child, let parent) where child != parent {
                            // Said by title, as the items were named, not by id.
                            let titles = [parent, child].map { ItemFormatting.oneLine(list.item(withID: $0)?.title ?? $0.uuidString) }
                            throw CLIError("“\(titles[0])” is a subtask of “\(titles[1])”, so it cannot be its parent")
                        }
                    }
                }
                // (An option that gives an item what it has changes nothing, and is said so.)
                return resolved.map { (item: $0.item, changed: list.item(withID: $0.item.id) != $0.item) }
            }
            for (item, changed) in items {
                let shown = changed ? title?.trimmed() ?? item.title : item.title
                output("\(changed ? "edited" : "unchanged") \(ItemFormatting.shortID(item))  \(ItemFormatting.oneLine(shown))")
            }
        }
    }

    /// The changes the options ask for, for `item` as it is in the file.
    private func fields(for item: ToDoItem) throws -> [ToDoList.ItemField] {
        var fields: [ToDoList.ItemField] = []
        if let title { fields.append(.title(title)) }
        if let notes { fields.append(.notes(notes.isEmpty ? nil : notes)) }
        if clearNotes { fields.append(.notes(nil)) }
        if let due { fields.append(due.dueField()) }
        if clearDue {
            // A repeat moves on from its due: without one, ticking it off would end the series.
            if (item.recurrence != nil && !clearRepeat) || repeatRule != nil {
                throw CLIError("\(ItemFormatting.oneLine(item.title)) repeats and needs a due: give --clear-repeat too to stop it repeating")
            }
            fields.append(.due(nil))
        }
        if clearLocation { fields.append(.location(nil)) }
        if let priority { fields.append(.priority(priority)) }
        if clearPriority { fields.append(.priority(nil)) }
        if !addTags.isEmpty || !removeTags.isEmpty {
            // (As typed, too: a tag another app wrote with a #.)
            let removed = Set(removeTags.flatMap { [$0.trimmed(), TagInput.tag($0)] })
            fields.append(.tags((item.tags + addTags.map(TagInput.tag)).filter { !removed.contains($0.trimmed()) }))
        }
        if clearRepeat { fields.append(.recurrence(nil)) }
        if let repeatRule {
            // A repeat needs a due: none given or kept, the rule's first day from today.
            // (--clear-due with --repeat was refused above; a --due given is the due.)
            let needsDue = due == nil && item.due == nil
            let rule = try ArgumentValues.repeatRule(repeatRule, dueIsDay: needsDue || (due?.isDay ?? item.dueIsDay))
            guard let today = CalendarDay(of: Date(), in: .current) else { throw CLIError("cannot tell today's date") }
            fields += needsDue ? ToDoList.ItemField.repeating(item, by: rule, today: today) : [.recurrence(rule)]
        }
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
