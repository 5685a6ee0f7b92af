import Foundation
import NSESimCenter
import NSESimRuntime
import Testing

/// The center over time: threads and their summaries, the badge, triggers on the virtual
/// clock and the simulated position.
@Suite("Center timeline")
struct CenterTimelineTests {
    func content(
        _ title: String, thread: String = "", summary: String? = nil, count: Int64? = nil,
        badge: Int64? = nil
    ) -> JSONValue {
        var object: [String: JSONValue] = ["title": .string(title), "threadIdentifier": .string(thread)]
        if let summary { object["summaryArgument"] = .string(summary) }
        if let count { object["summaryArgumentCount"] = .integer(count) }
        if let badge { object["badge"] = .integer(badge) }
        return .object(object)
    }

    @Test("Three threads group, newest thread first, with their summaries")
    func threads() {
        var state = CenterState()
        state.deliver(.init(identifier: "1", content: content("hi", thread: "alice", summary: "Alice"), date: 1))
        state.deliver(.init(identifier: "2", content: content("news", thread: "news"), date: 2))
        state.deliver(.init(identifier: "3", content: content("lunch?", thread: "alice", summary: "Alice"), date: 3))
        state.deliver(.init(identifier: "4", content: content("game", thread: "team", summary: "Bob"), date: 4))
        state.deliver(.init(identifier: "5", content: content("score", thread: "team", summary: "Carol", count: 3), date: 5))
        state.deliver(.init(identifier: "6", content: content("photos", thread: "team", summary: "Dan"), date: 6))
        let threads = state.threads
        #expect(threads.map(\.identifier) == ["team", "alice", "news"])
        #expect(threads[0].notifications.map(\.identifier) == ["6", "5", "4"])
        #expect(threads[0].summary == "4 more notifications from Dan, Carol and Bob")
        #expect(threads[1].summary == "1 more notification from Alice")
        #expect(threads[2].summary == nil)
    }

    @Test("The badge after a sequence: payload badges, a badge-less push, setBadgeCount, a local notification's badge")
    func badge() {
        var state = CenterState()
        #expect(state.badge == nil)
        state.deliver(.init(identifier: "a", content: content("A", badge: 1), date: 1))
        state.deliver(.init(identifier: "b", content: content("B", badge: 2), date: 2))
        state.deliver(.init(identifier: "c", content: content("C"), date: 3))
        #expect(state.badge == 2)
        _ = state.setBadge(0)
        #expect(state.badge == 0)
        _ = state.addPending(
            .init(
                identifier: "l", content: content("L", badge: 5),
                trigger: CenterTrigger.timeInterval(10, repeats: false).jsonValue, added: 3))
        _ = state.advance(to: 100)
        #expect(state.badge == 5)
    }

    @Test("A repeating interval under 60 s is refused with iOS's message; 0 is refused")
    func intervalRules() {
        #expect(throws: CenterTriggerError.invalid("time interval must be at least 60 if repeating")) {
            try CenterTrigger(jsonValue: .object(["type": .string("timeInterval"), "timeInterval": .integer(30), "repeats": .bool(true)]))
        }
        #expect(throws: CenterTriggerError.invalid("time interval must be greater than 0")) {
            try CenterTrigger.checkInterval(0, repeats: false)
        }
        #expect((try? CenterTrigger.checkInterval(60, repeats: true)) != nil)
    }

    @Test("Advancing fires due requests in order; a repeating interval is rescheduled, a one-shot leaves")
    func advance() {
        var state = CenterState()
        state.setClock(0)
        _ = state.addPending(
            .init(
                identifier: "hourly", content: content("H"),
                trigger: CenterTrigger.timeInterval(3600, repeats: true).jsonValue, added: 0))
        _ = state.addPending(
            .init(
                identifier: "once", content: content("O"),
                trigger: CenterTrigger.timeInterval(5400, repeats: false).jsonValue, added: 0))
        let changes = state.advance(to: 2 * 3600 + 1)
        let fired = changes.filter { $0.kind == .fired }
        #expect(fired.map { $0.details["identifier"]?.stringValue } == ["hourly", "once", "hourly"])
        #expect(fired.map { $0.details["date"]?.numberValue } == [3600, 5400, 7200])
        #expect(state.pending.map(\.identifier) == ["hourly"])
        #expect(state.pending[0].nextDate == Double(3 * 3600))
        #expect(state.delivered.map(\.identifier) == ["hourly", "once"])
        #expect(state.clock == Double(2 * 3600 + 1))
        #expect(changes.last?.kind == .clockAdvanced)
    }

    @Test("Every weekday at 08:30 in Berlin fires five times over a week across the DST change, at 08:30 local time")
    func weekdaysAcrossDST() throws {
        var state = CenterState()
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        // Thursday 26 March 2026, 09:00 in Berlin; clocks go forward on Sunday 29 March.
        let start = calendar.date(from: DateComponents(year: 2026, month: 3, day: 26, hour: 9))!.timeIntervalSince1970
        state.setClock(start)
        for weekday in 2...6 {  // Monday ... Friday
            let trigger = CenterTrigger.calendar(
                components: ["weekday": weekday, "hour": 8, "minute": 30],
                timeZone: "Europe/Berlin", repeats: true)
            _ = state.addPending(
                .init(
                    identifier: "standup-\(weekday)", content: content("Stand-up"),
                    trigger: trigger.jsonValue, added: start))
        }
        let changes = state.advance(to: start + 7 * 86400)
        let dates = changes.filter { $0.kind == .fired }.compactMap { $0.details["date"]?.numberValue }
            .map { Date(timeIntervalSince1970: $0) }
        #expect(dates.count == 5)
        #expect(dates.map { calendar.component(.day, from: $0) } == [27, 30, 31, 1, 2])
        #expect(dates.allSatisfy { calendar.component(.hour, from: $0) == 8 && calendar.component(.minute, from: $0) == 30 })
        // 07:30 UTC before the change, 06:30 UTC after it.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        #expect(dates.map { utc.component(.hour, from: $0) } == [7, 6, 6, 6, 6])
        #expect(state.pending.count == 5)
    }

    @Test("Region entry and exit fire the triggers that ask for them; a one-shot leaves, a repeating one stays")
    func regions() {
        var state = CenterState()
        let office = CenterRegion(
            latitude: 48.8584, longitude: 2.2945, radius: 200, identifier: "office",
            notifyOnEntry: true, notifyOnExit: false)
        let home = CenterRegion(
            latitude: 48.8566, longitude: 2.3522, radius: 300, identifier: "home",
            notifyOnEntry: false, notifyOnExit: true)
        _ = state.addPending(
            .init(
                identifier: "arrived", content: content("At the office"),
                trigger: CenterTrigger.location(office, repeats: true).jsonValue, added: 0))
        _ = state.addPending(
            .init(
                identifier: "left", content: content("Left home"),
                trigger: CenterTrigger.location(home, repeats: false).jsonValue, added: 0))
        #expect(state.pending.allSatisfy { $0.nextDate == nil })
        let atHome = state.move(to: CenterPosition(latitude: 48.8570, longitude: 2.3525), at: 10)
        #expect(atHome.filter { $0.kind == .fired }.isEmpty)  // home notifies on exit only
        let toOffice = state.move(to: CenterPosition(latitude: 48.8585, longitude: 2.2950), at: 20)
        #expect(toOffice.filter { $0.kind == .fired }.compactMap { $0.details["identifier"]?.stringValue }.sorted() == ["arrived", "left"])
        #expect(state.pending.map(\.identifier) == ["arrived"])
        let leaveOffice = state.move(to: CenterPosition(latitude: 48.87, longitude: 2.33), at: 30)
        #expect(leaveOffice.filter { $0.kind == .fired }.isEmpty)  // office notifies on entry only
        let back = state.move(to: CenterPosition(latitude: 48.8584, longitude: 2.2945), at: 40)
        #expect(back.filter { $0.kind == .fired }.count == 1)
        #expect(CenterPosition(parsing: "48.85,2.29") == CenterPosition(latitude: 48.85, longitude: 2.29))
        #expect(CenterPosition(parsing: "91,0") == nil && CenterPosition(parsing: "48.85") == nil && CenterPosition(parsing: "a,b") == nil)
    }

    @Test("Clock, position, next dates and fired triggers survive the stored form")
    func roundTrip() {
        var state = CenterState()
        state.setClock(100)
        _ = state.addPending(
            .init(
                identifier: "r", content: content("R"),
                trigger: CenterTrigger.timeInterval(60, repeats: true).jsonValue, added: 100))
        _ = state.advance(to: 200)
        _ = state.move(to: CenterPosition(latitude: 1, longitude: 2), at: 200)
        #expect(CenterState(jsonValue: state.jsonValue) == state)
    }
}

@Suite("Center durations")
struct CenterDurationTests {
    @Test("Durations and moments: units, combinations, bad input is nil")
    func parsing() {
        #expect(CenterDuration.seconds("2h") == 7200)
        #expect(CenterDuration.seconds("1h30m") == 5400)
        #expect(CenterDuration.seconds("1w") == 604_800)
        #expect(
            CenterDuration.seconds("2x") == nil && CenterDuration.seconds("h") == nil && CenterDuration.seconds("") == nil
                && CenterDuration.seconds("10") == nil)
        #expect(CenterDuration.moment("+10m", now: 100) == 700)
        #expect(CenterDuration.moment("1970-01-01T00:01:40Z", now: 0) == 100)
        #expect(CenterDuration.moment("tomorrow", now: 0) == nil)
    }

    @Test("A moment's text is ISO8601DateFormatter's, for leap days, year ends, fractions and 9999")
    func momentText() {
        let formatter = ISO8601DateFormatter()
        var moments: [Double] = [0, 59.9, 951_782_400, 951_868_799.5, 1_709_164_800, 1_774_252_800, 4_102_444_799, 253_402_300_799]
        var generator = SystemRandomNumberGenerator()
        // Whole seconds over the whole range; fractions (milliseconds) over this century and the next (far
        // out, the formatter's own Double arithmetic may round a fraction .999… up, which nsesim never stores).
        for _ in 0..<2000 { moments.append(Double(Int64.random(in: 0..<253_402_300_800, using: &generator))) }
        for _ in 0..<2000 { moments.append(Double(Int64.random(in: 0..<7_258_118_400_000, using: &generator)) / 1000) }
        for moment in moments {
            #expect(CenterDuration.text(moment) == formatter.string(from: Date(timeIntervalSince1970: moment)), "\(moment)")
        }
    }
}
