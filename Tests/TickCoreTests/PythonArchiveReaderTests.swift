import Foundation
import Testing
@testable import TickCore

@Suite("Python's keyed-archive readers read what tick writes")
struct PythonArchiveReaderTests {
    @Test("nska-deserialize and bpylist2 read every item, every field right (new fields included)")
    func readersAgree() throws {
        let list = try KeyedArchiveTests.sampleList()
        let readers = try PythonArchiveReaders.read(KeyedArchive.encode(list))
        #expect(Set(readers.keys) == ["nska-deserialize", "bpylist2"])
        for (name, root) in readers {
            let root = try #require(root as? [String: Any], "\(name)")
            #expect(root["formatVersion"] as? Int == 1, "\(name)")
            for (key, items) in [("toDoItems", list.toDoItems), ("doneItems", list.doneItems)] {
                let read = try #require(root[key] as? [[String: Any]], "\(name) \(key)")
                #expect(read.count == items.count, "\(name) \(key)")
                for (theirs, ours) in zip(read, items) {
                    let expected = PythonArchiveReaders.expected(ours)
                    #expect(NSDictionary(dictionary: theirs).isEqual(to: expected), "\(name): \(theirs) ≠ \(expected)")
                }
            }
        }
    }
}
