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
        #expect(throws: InterchangeError(source: "c.toml", line: 2, problem: "unknown key \"vdri\" in [sync] (known: vdir, vdirsyncer, vdirsyncer_pair)")) {
            try SyncConfig.parse("[sync]\nvdri = \"x\"", source: "c.toml")
        }
        #expect(throws: InterchangeError(source: "c.toml", line: 2, problem: "the value must be a quoted string")) {
            try SyncConfig.parse("[sync]\nvdir = /x", source: "c.toml")
        }
        #expect(throws: InterchangeError(source: "c.toml", line: 2, problem: "the string is not closed")) {
            try SyncConfig.parse("[sync]\nvdir = \"x", source: "c.toml")
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
}
