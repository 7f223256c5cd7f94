/// config.toml's `[keys]`: entries of the key table given other keys by name.
extension KeyMap {
    /// One line of `[keys]`: a binding's ``KeyBinding/name`` and its new keys by
    /// ``KeyNames`` (`move_down = ["t", "Down"]`), with the line it is on.
    public struct Rebinding: Sendable, Hashable {
        public var name: String
        public var keys: [String]
        public var line: Int

        public init(name: String, keys: [String], line: Int) {
            self.name = name
            self.keys = keys
            self.line = line
        }
    }

    /// Something in `[keys]` that was not applied or took a key away, and its line.
    public struct Problem: Sendable, Hashable {
        public var line: Int
        public var message: String
    }

    /// The names of the bindings, in table order: what `[keys]` may rebind.
    public var names: [String] { bindings.map(\.name) }

    /// This key map with each rebinding applied in order: the binding gets exactly those keys
    /// (`[]`: none), and they leave every other binding of the same modes, so a key does one
    /// thing. The help labels and footer keys of changed bindings follow their keys. An
    /// unknown name or key is a problem and changes nothing; so is a binding left without
    /// keys by another's rebinding. quit left without a key keeps Ctrl-C, and that is a problem
    /// too: the list must always be left.
    public func rebinding(_ rebindings: [Rebinding]) -> (keyMap: KeyMap, problems: [Problem]) {
        var map = self
        var problems: [Problem] = []
        var saidEmpty: Set<String> = []
        var takenBy: [String: Rebinding] = [:]
        for rebinding in rebindings {
            guard let index = map.bindings.firstIndex(where: { $0.name == rebinding.name }) else {
                problems.append(Problem(line: rebinding.line, message: "unknown action \"\(rebinding.name)\" in [keys] (the names are in docs/keys.md and man tick)"))
                continue
            }
            var keys: [Key] = []
            var unknown: [String] = []
            for name in rebinding.keys {
                if let key = KeyNames.key(named: name) { if !keys.contains(key) { keys.append(key) } } else { unknown.append(name) }
            }
            guard unknown.isEmpty else {
                let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
                problems.append(Problem(line: rebinding.line, message: "unknown key \(names) for \(rebinding.name) (a character, Up, Down, Left, Right, Enter, Esc, Tab, Space, Del, Backspace, Home, End, PgUp, PgDn, Ctrl-x, Alt-x, F1–F12)"))
                continue
            }
            let modes = map.bindings[index].modes
            for other in map.bindings.indices where other != index && !map.bindings[other].modes.isDisjoint(with: modes) {
                let before = map.bindings[other].keys.count
                map.bindings[other].keys.removeAll { keys.contains($0) }
                if map.bindings[other].keys.count < before { takenBy[map.bindings[other].name] = rebinding }
            }
            map.bindings[index].keys = keys
        }
        // The list must always be left: quit without a key keeps Ctrl-C.
        if let quit = map.bindings.firstIndex(where: { $0.action == .quit }), map.bindings[quit].keys.isEmpty {
            // (The line that left it so: its own `[]`, else the one that took its last key.)
            let own = rebindings.last { $0.name == map.bindings[quit].name }
            let line = (own?.keys.isEmpty == true ? own?.line : takenBy[map.bindings[quit].name]?.line) ?? own?.line ?? 0
            let modes = map.bindings[quit].modes
            for other in map.bindings.indices where other != quit && !map.bindings[other].modes.isDisjoint(with: modes) {
                let had = map.bindings[other].keys.count
                map.bindings[other].keys.removeAll { $0 == .control("c") }
                if had > 0, map.bindings[other].keys.isEmpty {
                    problems.append(Problem(line: line, message: "\(map.bindings[other].name) has no key left: quit took Ctrl-C back"))
                    saidEmpty.insert(map.bindings[other].name)
                }
            }
            map.bindings[quit].keys = [.control("c")]
            problems.append(Problem(line: line, message: "quit would have no key, and the list could not be left: it keeps Ctrl-C"))
            saidEmpty.insert(map.bindings[quit].name)
        }
        for index in map.bindings.indices where map.bindings[index].keys != bindings[index].keys {
            map.bindings[index].relabel()
            let binding = map.bindings[index]
            // (Also one given keys by its own line that a later line took: only its own `[]` is
            // meant, and the quit path said its own.)
            let emptiedByItsOwnLine = rebindings.last { $0.name == binding.name }?.keys.isEmpty == true
            if binding.keys.isEmpty, !emptiedByItsOwnLine, !saidEmpty.contains(binding.name), let taker = takenBy[binding.name] {
                problems.append(Problem(line: taker.line, message: "\(binding.name) has no key left: \(taker.name) took it"))
            }
        }
        return (map, problems)
    }
}

extension KeyBinding {
    /// Makes the help label and the footer key say the binding's keys after a rebinding.
    mutating func relabel() {
        keyLabel = keys.isEmpty ? "(none)" : keys.map(KeyNames.label).joined(separator: " ")
        guard footer != nil else { return }
        if let first = keys.first {
            let label = KeyNames.label(of: first)
            // A sequence (dd) is its key twice.
            footer?.key = action == .startDelete ? label + label : label
        } else {
            footer = nil
        }
    }
}
