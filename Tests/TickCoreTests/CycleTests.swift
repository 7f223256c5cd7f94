import Foundation
import Testing
@testable import TickCore

/// Containers that hold themselves, directly or through others, in plain property lists
/// and in archives: each is a typed error, never endless work; shared objects that form no
/// cycle are read, and read once.
@Suite("Hostile input: cycles", .timeLimit(.minutes(2)))
struct CycleTests {
    @Test("an array that contains itself is a cycle")
    func selfContainingArray() throws {
        var plist = HandBuiltPlist()
        plist.add(plist.array([0]))
        let error = try #require(HostileInputTests.plistError(plist.bytes()))
        #expect(error.kind == .cycle)
    }

    @Test("arrays and dictionaries that contain each other are a cycle")
    func mutualCycle() throws {
        var plist = HandBuiltPlist()
        plist.add(plist.array([1]))
        // A dictionary {"k": object 0}.
        plist.add([0xD1, 0x00, 0x02, 0x00, 0x00])
        plist.add(HandBuiltPlist.asciiString("k"))
        let error = try #require(HostileInputTests.plistError(plist.bytes()))
        #expect(error.kind == .cycle)
    }

    @Test("a cycle after containers that each refer only to earlier objects (tick's order) is still a cycle")
    func cycleAfterBackwardContainers() throws {
        var plist = HandBuiltPlist()
        plist.top = 3
        plist.add([0x09])
        plist.add(plist.array([0]))
        plist.add(plist.array([3]))
        plist.add(plist.array([2, 1]))
        let error = try #require(HostileInputTests.plistError(plist.bytes()))
        #expect(error.kind == .cycle, "\(error)")
    }

    @Test("a dictionary in tick's order whose key is not a string is invalidKey")
    func backwardDictionaryWithBadKey() throws {
        var plist = HandBuiltPlist()
        plist.top = 1
        plist.add([0x09])
        // A dictionary {true: true}, both references to object 0.
        plist.add([0xD1, 0x00, 0x00, 0x00, 0x00])
        let error = try #require(HostileInputTests.plistError(plist.bytes()))
        #expect(error.kind == .invalidKey, "\(error)")
    }

    @Test("a shared object that is not a cycle is read, and read once")
    func sharedObjectIsNotACycle() throws {
        var plist = HandBuiltPlist()
        // 0 = [1, 1], 1 = [2, 2], … : 2^40 paths through 40 objects, but only 41 objects.
        for index in 0..<40 { plist.add(plist.array([index + 1, index + 1])) }
        plist.add([0x09])
        let value = try BinaryPropertyListReader.decode(plist.bytes())
        var depth = 0
        var current = value
        while case .array(let elements) = current, let first = elements.first {
            depth += 1
            current = first
        }
        #expect(depth == 40)
    }

    @Test("an archive whose UIDs form a cycle is a typed error", arguments: ArchiveSurgery.CycleCase.allCases)
    func archiveCycles(cycle: ArchiveSurgery.CycleCase) throws {
        let tree = try ArchiveSurgery.withCycle(cycle)
        let error = HostileInputTests.archiveError(BinaryPropertyListWriter.encode(tree))
        #expect(error != nil, "a \(cycle) cycle decoded")
    }
}
