import Foundation
import Testing
@testable import TickInterchange

@Suite("Sync: the config file")
struct SyncConfigTests {
    @Test("[sync] gives the vdir, the vdirsyncer pair and program; other tables, comments and blank lines are passed over")
    func parsesSync() throws {
        let text = """
            # tick's settings
            [ui]
            colors = "never"

            [sync]
            vdir = "/home/me/tasks"   # the vdir
            vdirsyncer_pair = 'tasks'
            vdirsyncer = "/opt/bin/vdir\\"syncer"
            """
        let config = try SyncConfig.parse(text, source: "config.toml")
        #expect(config == SyncConfig(vdir: "/home/me/tasks", vdirsyncerPair: "tasks", vdirsyncerProgram: "/opt/bin/vdir\"syncer"))
    }

    @Test("an unknown key, a bare value or an unclosed string in [sync] is an error naming the file and line")
    func refusesBadLines() {
        #expect(throws: InterchangeError(source: "c.toml", line: 2, problem: "unknown key \"vdri\" in [sync] (known: interval, vdir, vdirsyncer, vdirsyncer_pair)")) {
            try SyncConfig.parse("[sync]\nvdri = \"x\"", source: "c.toml")
        }
        #expect(throws: InterchangeError(source: "c.toml", line: 2, problem: "the value must be a quoted string")) {
            try SyncConfig.parse("[sync]\nvdir = /x", source: "c.toml")
        }
        #expect(throws: InterchangeError(source: "c.toml", line: 2, problem: "the string is not closed")) {
            try SyncConfig.parse("[sync]\nvdir = \"x", source: "c.toml")
        }
    }

    @Test("interval is a whole number of seconds, read as one; a quoted or fractional value is an error naming the line")
    func readsInterval() throws {
        #expect(try SyncConfig.parse("[sync]\ninterval = 15 # seconds", source: "c.toml").interval == 15)
        #expect(try SyncConfig.parse("[sync]\ninterval = 0", source: "c.toml").interval == 0)
        #expect(try SyncConfig.parse("[sync]\nvdir = \"/v\"", source: "c.toml").interval == nil)
        let wrongKind = "the value must be a whole number of seconds (0 or more), without quotes"
        #expect(throws: InterchangeError(source: "c.toml", line: 3, problem: wrongKind)) {
            try SyncConfig.parse("[sync]\nvdir = \"/v\"\ninterval = \"60\"", source: "c.toml")
        }
        #expect(throws: InterchangeError(source: "c.toml", line: 2, problem: "unexpected text after the value")) {
            try SyncConfig.parse("[sync]\ninterval = 1.5", source: "c.toml")
        }
        #expect(throws: InterchangeError(source: "c.toml", line: 2, problem: wrongKind)) {
            try SyncConfig.parse("[sync]\ninterval = -5", source: "c.toml")
        }
        #expect(throws: InterchangeError(source: "c.toml", line: 2, problem: "the value must be a quoted string")) {
            try SyncConfig.parse("[sync]\nvdir = 60", source: "c.toml")
        }
    }

    @Test("the config file is $XDG_CONFIG_HOME/tick/config.toml, else ~/.config/tick/config.toml; ~/ in vdir is the home directory")
    func location() throws {
        #expect(SyncConfig.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]).path == "/x/tick/config.toml")
        #expect(SyncConfig.path(environment: ["HOME": "/h"]).path == "/h/.config/tick/config.toml")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tick-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".config/tick"), withIntermediateDirectories: true)
        try "[sync]\nvdir = \"~/tasks\"\n".write(to: home.appendingPathComponent(".config/tick/config.toml"), atomically: true, encoding: .utf8)
        #expect(try SyncConfig.load(environment: ["HOME": home.path]).vdir == home.path + "/tasks")
        #expect(try SyncConfig.load(environment: ["HOME": "/nonexistent"]) == SyncConfig())
    }

    @Test("the one reader takes arrays of strings and names the tables tick does not know, with their lines")
    func readsKeysAndColors() throws {
        let text = """
            [keys]
            move_down = ["t", "Down"]   # bépo
            tick = 'x'

            [colours]
            tag = "none"
            [sync]
            vdir = "/v"
            """
        let file = try ConfigFile.parse(text, source: "c.toml")
        #expect(file.entries(in: "keys").map(\.value) == [.strings(["t", "Down"]), .string("x")])
        #expect(file.entries(in: "keys").map(\.line) == [2, 3])
        #expect(file.unknownTables() == [InterchangeError(source: "c.toml", line: 5, problem: "unknown table [colours] (known: [colors], [keys], [sync])")])
        #expect(try SyncConfig.parse(text, source: "c.toml").vdir == "/v")
        #expect(throws: InterchangeError(source: "c.toml", line: 2, problem: "the value must be a quoted string")) {
            try SyncConfig.parse("[sync]\nvdir = [\"a\"]", source: "c.toml")
        }
        #expect(throws: InterchangeError(source: "c.toml", line: 1, problem: "an array is `[\"a\", \"b\"]` on one line")) {
            try ConfigFile.parse("a = [\"x\" \"y\"]", source: "c.toml")
        }
    }
}
