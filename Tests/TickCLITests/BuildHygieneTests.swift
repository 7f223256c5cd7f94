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
}
