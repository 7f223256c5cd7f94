import ArgumentParser
import FoundationEssentials
import Glibc
import TickCore
import TickInterchange

/// `tick export`: the list in another format, to standard output or a file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the list as iCalendar (a file or a vdir), JSON, taskwarrior, todo.txt, Markdown or calcurse's todo file.",
        discussion: """
            FORMAT is one of: \(ImportCommand.formatNames). Without --format, the \
            extension of --output names it (.ics, .json, .txt, .md). The list goes to \
            standard output unless --output names a file. vdir writes one .ics file per \
            item, named from its UID, into the directory --output names (made when \
            missing), the layout of vdirsyncer and todoman; a directory whose .ics files \
            are all in subdirectories (~/.calendars) is refused, naming them. Export \
            never deletes: in a \
            vdir, files of items deleted in tick stay, and a file deleted in the directory \
            is written again while its item is in the list. Of tick's commands, only tick \
            sync carries deletions, both ways (see tick help sync).

            ics, vdir and json keep every field (json is tick's own, the schema of \
            `tick list --json`); \
            the others cannot hold some fields, and tick says on standard error which \
            fields of how many items it left out. When tick writes a due, ics and vdir \
            leave out a kept DURATION, and a kept DTSTART of another value type or after \
            the due, which RFC 5545 forbids beside it, and say so the same way. \
            taskwarrior has no day-only due: a due day is written as local midnight of \
            that day, as `task add due:DAY` stores it (and `tick import` reads local \
            midnight back as a day). calcurse writes calcurse's todo file ([N] title a \
            line: priority and done state only). \
            docs/interchange.md has the details.

            Examples:
              tick export --output tasks.ics
              tick export --format vdir --output ~/.calendars/tasks
              tick export --format json > list.json
              tick export --output todo.txt --open
              tick export --format taskwarrior | task import
              tick export --format markdown --done
            """
    )

    @Option(help: ArgumentHelp("The format: \(ImportCommand.formatNames).", valueName: "format"),
            completion: .list(InterchangeFormat.allCases.map(\.rawValue)))
    var format: String?

    @Flag(help: "Only the items still to do.")
    var open = false

    @Flag(help: "Only the items done.")
    var done = false

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output (- is standard output).", valueName: "path"),
            completion: .file())
    var output: String?

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if open && done { throw ValidationError("--open and --done exclude each other; give neither for both") }
        _ = try chosenFormat()
    }

    /// The file --output names; nil for standard output (none, or `-` as elsewhere).
    var outputFile: String? { output == "-" ? nil : output }

    /// The format named by --format, else by --output's extension.
    func chosenFormat() throws -> InterchangeFormat {
        if let format {
            guard let chosen = InterchangeFormat(rawValue: format) else {
                throw ValidationError("unknown format \"\(format)\"; use one of \(ImportCommand.formatNames)")
            }
            return chosen
        }
        if let outputFile, let chosen = InterchangeFormat(pathExtension: outputFile) { return chosen }
        throw ValidationError("name the format with --format (\(ImportCommand.formatNames)), or an --output file ending in .ics, .json, .txt or .md")
    }

    func run() throws {
        try reportingErrors {
            let format = try chosenFormat()
            let sections: [ToDoList.Section] = open ? [.toDo] : done ? [.done] : [.toDo, .done]
            let store = try storeOptions.makeStore()
            let output = outputFile
            if let output, format != .vdir {
                if ListSet.isSameFile(output, store.fileURL.path) {
                    throw CLIError("\(output): is the list file itself; tick will not write an export over it")
                }
                if let name = storeOptions.listSet.list(atFile: output) {
                    throw CLIError("\(output): is the file of the list \"\(name)\"; tick will not write an export over it")
                }
            }
            let list = try store.load()
            ProcessLifetime.keepUntilExit(list)
            let omissions: Omissions
            if format == .vdir {
                guard let output else { throw CLIError("--format vdir writes a directory: name it with --output") }
                omissions = try Vdir.write(ExchangeEntry.entries(of: list, sections: sections), to: output,
                                           parentUIDs: ICalendar.parentUIDs(of: list))
            } else if let output {
                omissions = try Self.writeFile(output) { (writer: inout ByteWriter) throws(InterchangeError) in
                    try InterchangeCodec.write(list, sections: sections, as: format, to: &writer)
                }
            } else {
                var writer = ByteWriter(descriptor: STDOUT_FILENO, destination: "standard output")
                omissions = try InterchangeCodec.write(list, sections: sections, as: format, to: &writer)
            }
            if let message = omissions.message { warn(message) }
        }
    }

    /// Writes a file through a ``ByteWriter`` and ``DurableFile``: a failed export or a
    /// crash leaves the old file whole. A symbolic link is followed (the file it names is
    /// replaced, the link stays), an existing file keeps its mode, and a new one gets what
    /// the umask leaves of 0666, as a shell's `>` would give it.
    static func writeFile<T>(_ path: String, _ body: (inout ByteWriter) throws(InterchangeError) -> T) throws -> T {
        let mask = umask(0o022)
        umask(mask)
        return try DurableFile.replace(path, newMode: 0o666 & ~mask) { (descriptor: Int32) throws(InterchangeError) -> T in
            var writer = ByteWriter(descriptor: descriptor, destination: path)
            return try body(&writer)
        }
    }
}
