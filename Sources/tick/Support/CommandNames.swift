import ArgumentParser

/// The subcommand names tick knows, and what to say about a name it does not: argument-parser
/// alone reports `tick remov 3` as "2 unexpected arguments" and shows the root help for
/// `tick help bogus` with status 0.
enum CommandNames {
    /// Every subcommand's name and aliases, and `help`.
    static func known(_ subcommands: [any ParsableCommand.Type]) -> [String] {
        subcommands.flatMap { [$0.configuration.commandName].compactMap { $0 } + $0.configuration.aliases } + ["help"]
    }

    /// Root options that take a value, so that their value is not read as a command name.
    static let optionsWithValue: Set<String> = ["--file", "--list", "--generate-completion-script"]

    /// The message for an unknown command in `arguments` (without the program name), or nil
    /// when the command, if any, is known.
    static func problem(in arguments: [String], subcommands: [any ParsableCommand.Type]) -> String? {
        // A completion script asking for candidates: argument-parser answers it.
        if arguments.first == "---completion" { return nil }
        let words = commandWords(arguments)
        guard let first = words.first else { return nil }
        let known = known(subcommands)
        if first == "help" {
            guard words.count > 1 else { return nil }
            let topic = words[1]
            if known.contains(topic) { return nil }
            return "no command named \"\(topic)\" to help with" + suggestion(for: topic, among: known)
        }
        if known.contains(first) { return nil }
        if let verb = otherAppVerbs[first.lowercased()] {
            return "unknown command \"\(first)\"; did you mean \(verb.command)? (\(verb.note))"
        }
        return "unknown command \"\(first)\"" + suggestion(for: first, among: known)
    }

    /// todo.sh's and taskwarrior's verbs that are not tick's names, and the command that does
    /// what they do there, for "did you mean": `do` is check, `del` remove, `ls` list.
    static let otherAppVerbs: [String: (command: String, note: String)] = [
        "a": ("add", "todo.sh's a"),
        "do": ("check", "todo.sh's do: tick check ITEM…"),
        "del": ("remove", "todo.sh's del"),
        "ls": ("list", "todo.sh's ls"),
        "lsa": ("list", "todo.sh's lsa"),
        "pri": ("edit", "todo.sh's pri; priorities are set with tick edit"),
        "p": ("edit", "todo.sh's p; priorities are set with tick edit"),
        "app": ("edit", "todo.sh's append: tick edit ITEM --title \"…\""),
        "append": ("edit", "todo.sh's append: tick edit ITEM --title \"…\""),
        "prep": ("edit", "todo.sh's prepend: tick edit ITEM --title \"…\""),
        "prepend": ("edit", "todo.sh's prepend: tick edit ITEM --title \"…\""),
        "replace": ("edit", "todo.sh's replace: tick edit ITEM --title \"…\""),
        "modify": ("edit", "taskwarrior's modify"),
        "info": ("show", "taskwarrior's info"),
        "next": ("list", "taskwarrior's next"),
    ]

    /// The arguments that are not options or option values, up to `--`.
    static func commandWords(_ arguments: [String]) -> [String] {
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { break }
            if argument.hasPrefix("-") {
                if optionsWithValue.contains(argument) { index += 1 }
            } else {
                words.append(argument)
            }
            index += 1
        }
        return words
    }

    /// "; did you mean remove?" for the nearest name within two edits (or that the word
    /// begins), else the list of commands.
    static func suggestion(for word: String, among known: [String]) -> String {
        let lower = word.lowercased()
        let scored = known.map { ($0, distance(lower, $0)) }
        if let best = scored.filter({ $0.1 <= 2 || ($0.0.hasPrefix(lower) && lower.count >= 2) }).min(by: { $0.1 < $1.1 }) {
            return "; did you mean \(best.0)?"
        }
        return "; the commands are " + known.filter { $0 != "help" }.joined(separator: ", ") + " (see `tick help`)"
    }

    /// Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
