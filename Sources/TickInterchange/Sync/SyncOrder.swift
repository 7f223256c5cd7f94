import FoundationEssentials
import TickCore

/// The order of a section as X-APPLE-SORT-ORDER values, both ways.
///
/// tick → vdir: the list's value of each item keeps the value of the last sync wherever the
/// list's order still agrees with those values (the longest run of them that still
/// increases), and gives the items moved or new values between their neighbours' (spread
/// evenly; at an end, ``gap`` apart). So a `tick move` changes the values, and so the
/// files, of the items moved, and no others. Only when there is no room between two
/// neighbours is the section numbered 0, 1, 2… again.
///
/// vdir → tick: a section is sorted by the merged values (``sorted(_:by:)``).
enum SyncOrder {
    /// The values of `ids` (a section, in list order), from the last sync's `base` values.
    static func values(of ids: [UUID], base: [UUID: Int]) -> [Int] {
        let kept = increasingRun(ids.map { base[$0] })
        var values = [Int](repeating: 0, count: ids.count)
        var previous: Int?
        var index = 0
        while index < ids.count {
            if kept.contains(index), let value = base[ids[index]] {
                values[index] = value
                previous = value
                index += 1
                continue
            }
            var end = index
            while end < ids.count, !kept.contains(end) { end += 1 }
            let count = end - index
            let next = end < ids.count ? base[ids[end]] : nil
            guard let (start, step) = Self.room(for: count, after: previous, before: next) else {
                // No room between two neighbours: the whole section is numbered again.
                return Array(0..<ids.count)
            }
            for offset in 0..<count { values[index + offset] = start + offset * step }
            previous = start + (count - 1) * step
            index = end
        }
        return values
    }

    /// The gap left at either end, so that another item put there later finds room.
    static let gap = 1024

    /// The first value and the step of `count` new values after `low` and before `high`:
    /// at the ends a ``gap`` apart, between two neighbours spread evenly; nil when there is
    /// no room (or Int's ends are reached).
    private static func room(for count: Int, after low: Int?, before high: Int?) -> (start: Int, step: Int)? {
        switch (low, high) {
        case (nil, nil):
            return (0, 1)
        case (let low?, nil):
            let (start, overflow) = low.addingReportingOverflow(gap)
            let (_, past) = start.addingReportingOverflow((count - 1).multipliedReportingOverflow(by: gap).partialValue)
            return overflow || past ? nil : (start, gap)
        case (nil, let high?):
            let (span, overflow) = count.multipliedReportingOverflow(by: gap)
            let (start, past) = high.subtractingReportingOverflow(span)
            return overflow || past ? nil : (start, gap)
        case (let low?, let high?):
            let (width, overflow) = high.subtractingReportingOverflow(low)
            let step = overflow ? 0 : width / (count + 1)
            return step >= 1 ? (low + step, step) : nil
        }
    }

    /// The indices of a longest strictly increasing run among the values that are known
    /// (patience sorting: O(n log n)).
    private static func increasingRun(_ values: [Int?]) -> Set<Int> {
        var tails: [Int] = []          // index into `values` of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            guard let value else { continue }
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if let tail = values[tails[middle]], tail < value { low = middle + 1 } else { high = middle }
            }
            previous[index] = low > 0 ? tails[low - 1] : -1
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run = Set<Int>()
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            run.insert(cursor)
            cursor = previous[cursor]
        }
        return run
    }

    /// `items` sorted by their `order` values; an item without one stays right after the
    /// item before it.
    static func sorted(_ items: [ToDoItem], by order: [UUID: Int]) -> [ToDoItem] {
        var key = Int.min
        let keyed = items.enumerated().map { offset, item in
            key = order[item.id] ?? key
            return (key: key, offset: offset, item: item)
        }
        return keyed.sorted { ($0.key, $0.offset) < ($1.key, $1.offset) }.map(\.item)
    }
}
