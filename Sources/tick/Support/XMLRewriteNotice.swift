import ArgumentParser
import FoundationEssentials
import Glibc
import TickCore

/// A subcommand that reads or changes the list file named by its ``StoreOptions``.
protocol ListFileCommand {
    var storeOptions: StoreOptions { get }
}

extension AddCommand: ListFileCommand {}
extension CheckCommand: ListFileCommand {}
extension UncheckCommand: ListFileCommand {}
extension RemoveCommand: ListFileCommand {}
extension EditCommand: ListFileCommand {}
extension MoveCommand: ListFileCommand {}
extension ListCommand: ListFileCommand {}
extension ShowCommand: ListFileCommand {}

extension Tick {
    /// Runs `command`, and then, when it turned an XML list into a binary one (its first
    /// change: tick writes only binary), says so once on standard error. The full-screen
    /// app says it in its status line instead.
    static func runNoticingXMLRewrite(_ command: inout ParsableCommand) throws {
        let file = try? (command as? ListFileCommand)?.storeOptions.makeStore().fileURL
        let before = file.flatMap { ListFileFormat.of(fileAt: $0) }
        try command.run()
        if before == .xml, let file, ListFileFormat.of(fileAt: file) == .binary {
            let line = Array("tick: \(ListFileFormat.rewriteNotice(fileName: file.path))\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }
}
