import Foundation
import Testing

/// What keeps a clean build free of warnings, checked where it is declared.
@Suite("build hygiene")
struct BuildHygieneTests {
    /// The package's root directory, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("CNCurses asks pkg-config for nothing (SwiftPM drops its -D flags with a warning on every build); the shim and module map give what ncursesw needs")
    func noPkgConfig() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".systemLibrary(name: \"CNCurses\""))
        #expect(!manifest.contains("pkgConfig:"))
        let shim = try String(contentsOf: Self.root.appendingPathComponent("Modules/CNCurses/shim.h"), encoding: .utf8)
        #expect(shim.contains("#define NCURSES_WIDECHAR 1"))
        #expect(shim.contains("#define _XOPEN_SOURCE_EXTENDED 1"))
        let moduleMap = try String(contentsOf: Self.root.appendingPathComponent("Modules/CNCurses/module.modulemap"), encoding: .utf8)
        #expect(moduleMap.contains("link \"ncursesw\""))
    }

    @Test("the persistence code (TickCore's Archive, PropertyList and Store) stays within 4,000 lines, and no source file passes 400")
    func sourceSizes() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        var persistence = 0
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(lines <= 400, "\(file.path) has \(lines) lines")
            let folder = file.deletingLastPathComponent().path
            if ["Archive", "PropertyList", "Store"].contains(where: { folder.hasSuffix("/Sources/TickCore/" + $0) }) { persistence += lines }
        }
        #expect(persistence > 1_000, "the three folders were found")
        #expect(persistence <= 4_000, "Archive + PropertyList + Store: \(persistence) lines")
    }
}
