import Testing
import TickInterchange

@Suite("Interchange errors")
struct InterchangeErrorTests {
    @Test("a message names the source, then the line when there is one, then the problem")
    func message() {
        #expect(InterchangeError(source: "tasks.ics", line: 12, problem: "DUE is not a date").description
            == "tasks.ics:12: DUE is not a date")
        #expect(InterchangeError(source: "standard input", problem: "empty").description == "standard input: empty")
    }
}
