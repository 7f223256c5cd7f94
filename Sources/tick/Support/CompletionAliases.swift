import ArgumentParser

/// The commands' aliases (`rm`, `delete`, `done`) in the bash completion script:
/// argument-parser's script completes a subcommand's arguments only after its main name,
/// and offers only main names.
enum CompletionAliases {
    /// `script` with every alias among the names offered and dispatched, each calling its
    /// command's function (`_tick_rm` calls `_tick_remove`); any other script (zsh, fish),
    /// or one whose shape is not the one expected, is returned unchanged.
    static func bash(_ script: String, root: String, subcommands: [any ParsableCommand.Type]) -> String {
        var names: [String] = []
        var aliases: [(alias: String, name: String)] = []
        for command in subcommands {
            let configuration = command.configuration
            guard let name = configuration.commandName else { continue }
            names.append(name)
            for alias in configuration.aliases { aliases.append((alias, name)) }
        }
        names.append("help")
        let dispatch = "    " + names.joined(separator: "|") + ")\n"
        let offered = "compgen -W '" + names.joined(separator: " ") + "'"
        guard !aliases.isEmpty, script.contains(dispatch), script.contains(offered) else { return script }
        var patched = script
            .replacing(dispatch, with: "    " + (names + aliases.map { $0.alias }).joined(separator: "|") + ")\n")
            .replacing(offered, with: "compgen -W '" + (names + aliases.map { $0.alias }).joined(separator: " ") + "'")
        patched += "\n# Aliases complete as their commands do.\n"
        for (alias, name) in aliases {
            patched += "_\(root)_\(alias)() { _\(root)_\(name) \"$@\"; }\n"
        }
        return patched
    }
}
