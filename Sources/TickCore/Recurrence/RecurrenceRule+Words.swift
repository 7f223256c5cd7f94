import FoundationEssentials

/// A rule in English words, for lists and the app: `every 2 weeks on Mon, Thu`.
extension RecurrenceRule {
    /// The rule in words in the user's time zone (``LocalTime/current``), or nil when it
    /// cannot be said (then show ``text``); see ``words(zone:)``.
    public var words: String? { words(zone: .current) }

    /// The rule in English words, or nil when it has parts words do not say (BYSETPOS,
    /// BYWEEKNO, BYYEARDAY, times of day, several month days, X- parts, a WKST that changes
    /// the weeks counted): `every day`, `every 3 days`, `every weekday`, `every Fri`, `every
    /// week on Mon, Thu`, `every 2 weeks on Mon`, `every month on the 15th`, `every last
    /// Fri`, `every year on Dec 25`, then ` until 2027-01-01` or `, 5 times`. A UTC UNTIL is
    /// shown as the day it falls on in `zone` (with its time unless it is the day's end).
    public func words(zone: LocalTime) -> String? {
        guard bySecond.isEmpty, byMinute.isEmpty, byHour.isEmpty, byYearDay.isEmpty, byWeekNo.isEmpty,
              bySetPos.isEmpty, extensions.allSatisfy({ ["RSCALE", "SKIP", Self.whenDoneName].contains($0.name.uppercased()) }), byMonthDay.count <= 1,
              weekStart == nil || weekStart == .monday || (frequency != .weekly || interval == 1)
        else { return nil }
        guard var body = body() else { return nil }
        if repeatsWhenDone { body += " when done" }
        if let count { return body + (count == 1 ? ", once" : ", \(count) times") }
        if let until { return body + " until " + Self.untilWords(until, zone: zone) }
        return body
    }

    private func body() -> String? {
        let every = interval == 1 ? "every" : "every \(interval)"
        func unit(_ name: String) -> String { interval == 1 ? "every \(name)" : "every \(interval) \(name)s" }
        let plainDays = byDay.allSatisfy { $0.ordinal == nil }
        switch frequency {
        case .secondly, .minutely, .hourly, .daily:
            guard byDay.isEmpty, byMonthDay.isEmpty, byMonth.isEmpty else { return nil }
            let names: [Frequency: String] = [.secondly: "second", .minutely: "minute", .hourly: "hour", .daily: "day"]
            return unit(names[frequency] ?? "day")
        case .weekly:
            guard byMonth.isEmpty, plainDays else { return nil }
            let days = Set(byDay.map(\.weekday)).sorted()
            if days.isEmpty { return unit("week") }
            if interval == 1 && days == [.monday, .tuesday, .wednesday, .thursday, .friday] { return "every weekday" }
            if interval == 1 && days == [.saturday, .sunday] { return "every weekend day" }
            if interval == 1 && days.count == 1 { return "every \(days[0].shortName)" }
            return "\(unit("week")) on \(days.map(\.shortName).joined(separator: ", "))"
        case .monthly:
            guard byMonth.isEmpty else { return nil }
            if byDay.isEmpty {
                guard let day = byMonthDay.first else { return unit("month") }
                return "\(unit("month")) on the \(Self.dayWords(day))"
            }
            guard byMonthDay.isEmpty, byDay.count == 1, let entry = byDay.first, let ordinal = entry.ordinal,
                  (-5...5).contains(ordinal) else { return nil }
            let name = "\(Self.ordinalWords(ordinal)) \(entry.weekday.shortName)"
            return interval == 1 ? "every \(name)" : "\(every) months on the \(name)"
        case .yearly:
            guard byDay.isEmpty else { return nil }
            if byMonth.isEmpty && byMonthDay.isEmpty { return unit("year") }
            guard byMonth.count == 1, let day = byMonthDay.first, day > 0 else { return nil }
            let month = DateParser.monthNames[byMonth[0] - 1].prefix(3).capitalized
            return "\(unit("year")) on \(month) \(day)"
        }
    }

    /// `15th`, `1st`, `last day`, `2nd last day`.
    static func dayWords(_ day: Int) -> String {
        if day == -1 { return "last day" }
        if day < 0 { return "\(ordinalNumber(-day)) last day" }
        return ordinalNumber(day)
    }

    /// `1st`, `2nd`, `last`, `2nd last`.
    static func ordinalWords(_ ordinal: Int) -> String {
        if ordinal == -1 { return "last" }
        if ordinal < 0 { return "\(ordinalNumber(-ordinal)) last" }
        return ordinalNumber(ordinal)
    }

    static func ordinalNumber(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    static func untilWords(_ until: Until, zone: LocalTime) -> String {
        guard until.secondOfDay != nil else {
            return CalendarDay(year: until.year, month: until.month, day: until.day)?.description ?? "\(until.year)"
        }
        let wall = until.wallSeconds
        let instant = until.isUTC ? wall : zone.instant(atWallTime: wall)
        let fields = until.isUTC ? zone.fields(of: Date(timeIntervalSince1970: Double(instant)))
            : LocalTime.utc.fields(of: Date(timeIntervalSince1970: Double(wall)))
        let day = CalendarDay(year: fields.year, month: fields.month, day: fields.day)?.description ?? "\(fields.year)"
        if fields.hour == 23 && fields.minute == 59 { return day }
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(day) \(pad(fields.hour)):\(pad(fields.minute))"
    }
}
