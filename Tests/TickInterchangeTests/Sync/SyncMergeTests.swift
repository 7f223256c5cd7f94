import FoundationEssentials
import Testing
@testable import TickInterchange

@Suite("Sync: the three-way merge of one item")
struct SyncMergeTests {
    let base = SyncFields(title: "Buy milk", notes: "oat", due: 1_800_000_000, location: "Shop")
    let early = Date(timeIntervalSince1970: 1_700_000_000)
    let late = Date(timeIntervalSince1970: 1_700_000_100)

    func version(_ change: (inout SyncFields) -> Void, at date: Date? = nil) -> SyncMerge.Version {
        var fields = base
        change(&fields)
        return SyncMerge.Version(fields: fields, modified: date)
    }

    @Test("a field changed on one side only takes that change, and changes to different fields both survive")
    func differentFields() {
        let result = SyncMerge.merge(base: base, list: version({ $0.title = "Buy oat milk" }, at: late),
                                     vdir: version({ $0.notes = "two litres" }, at: early))
        #expect(result.merged?.title == "Buy oat milk")
        #expect(result.merged?.notes == "two litres")
        #expect(result.merged?.location == "Shop")
        #expect(result.conflicts.isEmpty)
    }

    @Test("the same field changed on both sides takes the newer side's value and reports the loser")
    func sameFieldNewerWins() {
        let listNewer = SyncMerge.merge(base: base, list: version({ $0.title = "List title" }, at: late),
                                        vdir: version({ $0.title = "Phone title" }, at: early))
        #expect(listNewer.merged?.title == "List title")
        #expect(listNewer.conflicts == [SyncConflict(field: .title, title: "List title", kept: "List title", lost: "Phone title", lostSide: .vdir)])
        let vdirNewer = SyncMerge.merge(base: base, list: version({ $0.title = "List title" }, at: early),
                                        vdir: version({ $0.title = "Phone title" }, at: late))
        #expect(vdirNewer.merged?.title == "Phone title")
        #expect(vdirNewer.conflicts.first?.lostSide == .list)
        #expect(vdirNewer.conflicts.first?.lost == "List title")
    }

    @Test("the same change on both sides is no conflict")
    func sameChange() {
        let result = SyncMerge.merge(base: base, list: version({ $0.done = true }), vdir: version({ $0.done = true }))
        #expect(result.merged?.done == true)
        #expect(result.conflicts.isEmpty)
    }

    @Test("an edit beats a delete, on either side")
    func editBeatsDelete() {
        let listEdited = SyncMerge.merge(base: base, list: version({ $0.title = "Edited" }), vdir: nil)
        #expect(listEdited.merged?.title == "Edited")
        let vdirEdited = SyncMerge.merge(base: base, list: nil, vdir: version({ $0.notes = nil }))
        #expect(vdirEdited.merged?.notes == nil)
        #expect(vdirEdited.merged?.title == "Buy milk")
    }

    @Test("a delete on one side with no edit on the other deletes on both")
    func deleteWithoutEdit() {
        #expect(SyncMerge.merge(base: base, list: nil, vdir: version({ _ in })).merged == nil)
        #expect(SyncMerge.merge(base: base, list: version({ _ in }), vdir: nil).merged == nil)
        #expect(SyncMerge.merge(base: base, list: nil, vdir: nil).merged == nil)
    }

    @Test("an item new on one side is taken; new on both with the same fields merges without a conflict")
    func newItems() {
        #expect(SyncMerge.merge(base: nil, list: version({ _ in }), vdir: nil).merged == base)
        #expect(SyncMerge.merge(base: nil, list: nil, vdir: version({ _ in })).merged == base)
        let both = SyncMerge.merge(base: nil, list: version({ _ in }), vdir: version({ _ in }))
        #expect(both.merged == base)
        #expect(both.conflicts.isEmpty)
        let differing = SyncMerge.merge(base: nil, list: version({ $0.title = "Old" }, at: early), vdir: version({ $0.title = "New" }, at: late))
        #expect(differing.merged?.title == "New")
        #expect(differing.conflicts.count == 1)
    }

    @Test("a due that stays the same instant is no change, and the file's day form is kept")
    func dueDayKept() {
        let day = SyncFields(title: "T", due: 1_798_761_600, dueIsDay: true)
        var lost = day
        lost.dueIsDay = false
        let result = SyncMerge.merge(base: day, list: SyncMerge.Version(fields: lost, modified: nil), vdir: SyncMerge.Version(fields: day, modified: nil))
        #expect(result.merged == day)
    }

    @Test("priority, tags and repeat merge as fields of their own: a change on each side to different ones keeps both")
    func planningFields() {
        let result = SyncMerge.merge(base: base, list: version({ $0.priority = 1; $0.recurrence = "FREQ=DAILY" }, at: late),
                                     vdir: version({ $0.tags = ["home"] }, at: early))
        #expect(result.merged?.priority == 1 && result.merged?.recurrence == "FREQ=DAILY" && result.merged?.tags == ["home"])
        #expect(result.conflicts.isEmpty)
        let both = SyncMerge.merge(base: base, list: version({ $0.priority = 2 }, at: early), vdir: version({ $0.priority = 7 }, at: late))
        #expect(both.merged?.priority == 7)
        #expect(both.conflicts == [SyncConflict(field: .priority, title: "Buy milk", kept: "7", lost: "2", lostSide: .list)])
    }

    @Test("tags changed on both sides merge as a set: each side's additions stay, each side's removals go, with no conflict")
    func tagsMergeAsASet() {
        var tagged = base
        tagged.tags = ["home", "errand", "weekly"]
        func side(_ tags: [String], at date: Date) -> SyncMerge.Version {
            var fields = tagged
            fields.tags = tags
            return SyncMerge.Version(fields: fields, modified: date)
        }
        // Added on both sides: both kept, the list's first (whichever side is newer).
        for (listTime, vdirTime) in [(early, late), (late, early)] {
            let added = SyncMerge.merge(base: tagged, list: side(["home", "errand", "weekly", "shop"], at: listTime),
                                        vdir: side(["home", "errand", "weekly", "Work"], at: vdirTime))
            #expect(added.merged?.tags == ["home", "errand", "weekly", "shop", "Work"])
            #expect(added.conflicts.isEmpty)
        }
        // Removed on one side, added on the other; the same tag added on both is there once.
        let mixed = SyncMerge.merge(base: tagged, list: side(["home", "weekly", "shop"], at: early),
                                    vdir: side(["home", "errand", "shop", "urgent"], at: late))
        #expect(mixed.merged?.tags == ["home", "shop", "urgent"])
        #expect(mixed.conflicts.isEmpty)
        // Every tag removed on one side and one added on the other: only the added one.
        let cleared = SyncMerge.merge(base: tagged, list: side([], at: late), vdir: side(["home", "errand", "weekly", "new"], at: early))
        #expect(cleared.merged?.tags == ["new"])
        // Both sides added the item before their first sync: every tag of both.
        let first = SyncMerge.merge(base: nil, list: side(["a", "b"], at: late), vdir: side(["b", "c"], at: early))
        #expect(first.merged?.tags == ["a", "b", "c"])
        #expect(!first.conflicts.contains { $0.field == .tags })
    }
}
