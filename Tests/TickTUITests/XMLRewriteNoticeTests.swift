import Foundation
import Testing
import TickCore
@testable import TickTUI

/// The app's half of "an XML list is rewritten as binary": one status-line notice.
@Suite("XML lists: the app's notice")
struct AppXMLRewriteNoticeTests {
    @Test("after the first save of an XML list the status line says it is now binary, once")
    func noticeAfterFirstSave() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"])).noticingRewrite(of: "list.plist")
        state.press(.character(" "))
        _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
        let notice = "list.plist was an XML property list; tick saved it as binary (tick writes only binary)"
        #expect(state.status?.text == notice)
        #expect(render(state, size: Size(columns: 100, rows: 24)).trimmedLines[22] == " " + notice)
        state.press(.character(" "))
        _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
        #expect(state.status?.text == "saved")
    }

    @Test("a binary list gets no notice")
    func noNoticeForBinary() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"])).noticingRewrite(of: nil)
        state.press(.character(" "))
        _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
        #expect(state.status?.text == "saved")
    }

    @Test("the store tells an XML file from a binary one by its first bytes")
    func formatOfFile() throws {
        let store = try RecordingStore()
        #expect(store.store.fileFormat() == nil)
        try store.changeElsewhere([.insert(try ToDoItem(title: "x"), .toDo, at: nil)])
        #expect(store.store.fileFormat() == .binary)
        try Data("\u{FEFF}  <?xml version=\"1.0\"?><plist/>".utf8).write(to: store.fileURL)
        #expect(store.store.fileFormat() == .xml)
    }
}
