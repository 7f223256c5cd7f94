import ArgumentParser
import FoundationEssentials
import Glibc
import TickCore

/// Shell completion of ITEM arguments: the completion scripts run `tick ---completion …`,
/// and argument-parser calls ``complete(_:_:_:)`` with the words typed so far. It answers
/// with the positions `tick list` prints; zsh and fish show each item's title beside it.
enum ItemCompletion {
    /// At most this many items are offered, so that completing on a huge list stays quick.
    static let limit = 500

    /// Which items a command's completion offers: `check` the open ones, `uncheck` the done
    /// ones, every other command all.
    enum Offer { case open, done, all }

    /// The candidates for the ITEM under the cursor in `words` (the whole command line).
    @Sendable static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let store = ToDoStore(fileURL: fileURL(in: words))
        guard let list = try? store.load() else { return [] }
        let offer = self.offer(for: words)
        let shell = parentShell()
        var lines: [String] = []
        var position = 0
        for section in ToDoList.Section.allCases {
            for item in list.items(in: section) {
                position += 1
                guard lines.count < limit else { break }
                if offer == .open && section == .done || offer == .done && section == .toDo { continue }
                lines.append(candidate(position: position, title: item.title, shell: shell))
            }
        }
        return lines
    }

    /// `3` for bash, which shows no descriptions; `3:Buy milk` for zsh's `_describe`;
    /// `3<tab>Buy milk` for fish. Titles on one line, control characters escaped.
    static func candidate(position: Int, title: String, shell: String) -> String {
        let title = VisibleText.line(title)
        switch shell {
        case "zsh": return "\(position):\(title)"
        case "fish": return "\(position)\t\(title)"
        default: return String(position)
        }
    }

    /// What `tick ---completion` is asked about: the command is the first word after the
    /// program that names one (`done` is check's alias).
    static func offer(for words: [String]) -> Offer {
        // (`tick --list Work check …`: the root's option values are not commands.)
        for word in CommandNames.commandWords(Array(words.dropFirst())) {
            switch word {
            case "check", "done": return .open
            case "uncheck": return .done
            default: return .all
            }
        }
        return .all
    }

    /// The list a command line names: its `--list` in the set of its `--file` (also
    /// `--file=PATH`), else the default (`TICK_FILE`, then the XDG data folder).
    static func fileURL(in words: [String]) -> URL {
        let set = listSet(in: words)
        guard let name = value(of: "--list", in: words), let store = try? set.store(named: name) else { return set.defaultFileURL }
        return store.fileURL
    }

    /// The names of the lists in the set of the command line's `--file`, for `--list`.
    @Sendable static func listNames(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        (try? listSet(in: words).names()) ?? [ListSet.defaultName]
    }

    private static func listSet(in words: [String]) -> ListSet {
        let file = value(of: "--file", in: words).map { URL(fileURLWithPath: $0) } ?? ToDoStore.defaultFileURL()
        return ListSet(defaultFileURL: file, journalDirectory: StatePaths.directory(environment: ProcessInfo.processInfo.environment))
    }

    /// The value of `option` in `words` (`--file PATH` or `--file=PATH`), nil when absent or empty.
    private static func value(of option: String, in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count, !words[index + 1].isEmpty { return words[index + 1] }
            if word.hasPrefix(option + "="), word.count > option.count + 1 { return String(word.dropFirst(option.count + 1)) }
        }
        return nil
    }

    /// The shell that runs the completion, `bash`, `zsh` or `fish`: `SAP_SHELL`, which
    /// argument-parser's bash and zsh scripts set, else the parent process's name (fish's
    /// script sets none). Only zsh and fish show descriptions.
    static func parentShell() -> String {
        if let named = ProcessInfo.processInfo.environment["SAP_SHELL"], !named.isEmpty { return named }
        let fd = open("/proc/\(getppid())/comm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return "" }
        return String(decoding: buffer[0..<count], as: UTF8.self).trimmed()
    }
}
