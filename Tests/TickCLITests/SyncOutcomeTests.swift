import Testing
@testable import TickInterchange
@testable import tick

@Suite("The open app's sync outcome of several lists")
struct SyncOutcomeTests {
    @Test("failures name the first list and count the others, one list or more")
    func failuresCounted() {
        var report = CollectionsReport(dryRun: false)
        report.failures = [.init(list: "Tasks", reason: "cannot connect")]
        #expect(report.outcome == .failed("Tasks: cannot connect"))
        report.failures.append(.init(list: "Work", reason: "cannot connect"))
        #expect(report.outcome == .failed("Tasks: cannot connect (and 1 more list)"))
        report.failures.append(.init(list: "Home", reason: "cannot connect"))
        #expect(report.outcome == .failed("Tasks: cannot connect (and 2 more lists)"))
    }
}
