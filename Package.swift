// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Tick",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tick", targets: ["tick"]),
        .library(name: "TickCore", targets: ["TickCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // No pkg-config: SwiftPM drops its -D flags with a warning on every build; the shim
        // header defines what ncursesw needs and the module map links it.
        .systemLibrary(name: "CNCurses", path: "Modules/CNCurses"),
        .target(name: "CTickShims"),
        .target(name: "TickCore", dependencies: ["CTickShims"]),
        .target(name: "TickInterchange", dependencies: ["TickCore", "CTickShims"]),
        .target(name: "TickTUI", dependencies: ["TickCore", "CNCurses"]),
        .executableTarget(
            name: "tick",
            dependencies: [
                "TickCore",
                "TickTUI",
                "TickInterchange",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "tick-bench", dependencies: ["TickCore", "TickTUI", "TmuxHarness", "FoundationBaseline"]),
        .target(name: "FoundationBaseline", dependencies: ["TickCore"]),
        .target(name: "TmuxHarness"),
        .testTarget(name: "TickCoreTests", dependencies: ["TickCore", "FoundationBaseline"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TickInterchangeTests", dependencies: ["TickInterchange", "TickCore", "TmuxHarness"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TickTUITests", dependencies: ["TickTUI", "TickCore"]),
        .testTarget(name: "TickCLITests", dependencies: ["TickCore", "TmuxHarness", "tick"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TickCore", "TmuxHarness", "tick"]),
        .testTarget(name: "SyncTests", dependencies: ["TmuxHarness", "tick"]),
    ],
    swiftLanguageModes: [.v6]
)
