import Foundation
import NSESimRuntime

/// A local request's trigger, as the center keeps it (the JSON form, Apple's property names):
///
/// - `{"type": "timeInterval", "timeInterval": 3600, "repeats": false}`
/// - `{"type": "calendar", "dateComponents": {"weekday": 2, "hour": 8, "minute": 30, "timeZone": "Europe/Berlin"}, "repeats": true}`
/// - `{"type": "location", "region": {"latitude": 48.85, "longitude": 2.35, "radius": 100, "identifier": "home",
///   "notifyOnEntry": true, "notifyOnExit": false}, "repeats": false}`
///
/// Apple's rules are checked when one is made: an interval > 0, and >= 60 s when repeating.
public enum CenterTrigger: Sendable, Equatable {
    /// `UNTimeIntervalNotificationTrigger(timeInterval:repeats:)`.
    case timeInterval(TimeInterval, repeats: Bool)
    /// `UNCalendarNotificationTrigger(dateMatching:repeats:)`: the components (`year`,
    /// `month`, `day`, `hour`, `minute`, `second`, `weekday`, ...) in `timeZone`.
    case calendar(components: [String: Int], timeZone: String?, repeats: Bool)
    /// `UNLocationNotificationTrigger(region:repeats:)` with a `CLCircularRegion`.
    case location(CenterRegion, repeats: Bool)

    /// The component names `dateComponents` may hold.
    public static var componentNames: [String] { componentKeyPaths.map(\.0) }

    /// Whether it fires again after firing.
    public var repeats: Bool {
        switch self {
        case .timeInterval(_, let repeats), .calendar(_, _, let repeats), .location(_, let repeats): repeats
        }
    }

    /// The trigger read from its JSON form, checked with Apple's rules.
    public init(jsonValue: JSONValue) throws(CenterTriggerError) {
        let repeats = jsonValue["repeats"]?.boolValue ?? false
        switch jsonValue["type"]?.stringValue {
        case "timeInterval":
            guard let interval = jsonValue["timeInterval"]?.numberValue else {
                throw .invalid("a timeInterval trigger needs \"timeInterval\": a number of seconds")
            }
            try Self.checkInterval(interval, repeats: repeats)
            self = .timeInterval(interval, repeats: repeats)
        case "calendar":
            guard let object = jsonValue["dateComponents"]?.objectValue, !object.isEmpty else {
                throw .invalid("a calendar trigger needs \"dateComponents\", such as {\"hour\": 8, \"minute\": 30}")
            }
            var components: [String: Int] = [:]
            var timeZone: String?
            for (name, value) in object {
                if name == "timeZone" {
                    guard let identifier = value.stringValue, TimeZone(identifier: identifier) != nil else {
                        throw .invalid(
                            "dateComponents.timeZone \(value.serializedString()) is not a time zone identifier such as \"Europe/Berlin\"")
                    }
                    timeZone = identifier
                } else if Self.componentNames.contains(name), let number = value.integerValue {
                    components[name] = Int(number)
                } else {
                    throw .invalid(
                        "dateComponents.\(name) is not one of \(Self.componentNames.joined(separator: ", ")), timeZone with an integer value"
                    )
                }
            }
            guard !components.isEmpty else { throw .invalid("a calendar trigger needs at least one date component besides timeZone") }
            self = .calendar(components: components, timeZone: timeZone, repeats: repeats)
        case "location":
            guard let region = jsonValue["region"] else {
                throw .invalid("a location trigger needs \"region\": {\"latitude\", \"longitude\", \"radius\", \"identifier\"}")
            }
            self = .location(try CenterRegion(jsonValue: region), repeats: repeats)
        case let other:
            throw .invalid("trigger type \(other.map { "\"\($0)\"" } ?? "missing"): use \"timeInterval\", \"calendar\" or \"location\"")
        }
    }

    /// iOS's rules for an interval: > 0, and at least 60 s when it repeats.
    public static func checkInterval(_ interval: TimeInterval, repeats: Bool) throws(CenterTriggerError) {
        guard interval > 0 else { throw .invalid("time interval must be greater than 0") }
        guard !repeats || interval >= 60 else { throw .invalid("time interval must be at least 60 if repeating") }
    }

    /// The JSON form.
    public var jsonValue: JSONValue {
        switch self {
        case .timeInterval(let interval, let repeats):
            .object(["type": .string("timeInterval"), "timeInterval": .double(interval), "repeats": .bool(repeats)])
        case .calendar(let components, let timeZone, let repeats):
            .object([
                "type": .string("calendar"), "repeats": .bool(repeats),
                "dateComponents": .object(
                    components.mapValues { .integer(Int64($0)) }
                        .merging(timeZone.map { ["timeZone": .string($0)] } ?? [:]) { $1 }),
            ])
        case .location(let region, let repeats):
            .object(["type": .string("location"), "region": region.jsonValue, "repeats": .bool(repeats)])
        }
    }

    /// The components as Foundation's `DateComponents`, with their time zone.
    public var dateComponents: DateComponents? {
        guard case .calendar(let values, let timeZone, _) = self else { return nil }
        var components = DateComponents()
        components.timeZone = timeZone.flatMap(TimeZone.init(identifier:))
        for (name, keyPath) in Self.componentKeyPaths { components[keyPath: keyPath] = values[name] }
        return components
    }

    /// A calendar trigger of these components (their time zone kept by identifier).
    public static func calendar(_ components: DateComponents, repeats: Bool) -> CenterTrigger {
        var values: [String: Int] = [:]
        for (name, keyPath) in componentKeyPaths { values[name] = components[keyPath: keyPath] }
        return .calendar(components: values, timeZone: components.timeZone?.identifier, repeats: repeats)
    }

    /// Each component's name and where `DateComponents` keeps it: the one table both ways use.
    static var componentKeyPaths: [(String, WritableKeyPath<DateComponents, Int?>)] {
        [
            ("era", \.era), ("year", \.year), ("month", \.month), ("day", \.day), ("hour", \.hour), ("minute", \.minute),
            ("second", \.second), ("weekday", \.weekday), ("weekdayOrdinal", \.weekdayOrdinal), ("weekOfMonth", \.weekOfMonth),
            ("weekOfYear", \.weekOfYear), ("yearForWeekOfYear", \.yearForWeekOfYear), ("nanosecond", \.nanosecond),
        ]
    }

    /// When it fires next after `date` (seconds since 1970: when the request was added, or
    /// when it last fired). Nil for a location trigger (the position fires it) and for a
    /// calendar date that never comes.
    public func nextDate(after date: Double) -> Double? {
        switch self {
        case .timeInterval(let interval, _):
            return date + interval
        case .calendar:
            guard var components = dateComponents else { return nil }
            return Self.nextDate(after: Date(timeIntervalSince1970: date), matching: &components)?.timeIntervalSince1970
        case .location:
            return nil
        }
    }
}

extension CenterTrigger {
    /// The next date after `date` matching `components`, in their calendar (Gregorian when
    /// none) and time zone (the system's, as the device's on iOS, when none), as `nextTriggerDate()`; Foundation's
    /// `nextDate(after:matching:matchingPolicy:)` with `.nextTime` handles a time skipped by a
    /// DST change.
    public static func nextDate(after date: Date, matching components: inout DateComponents) -> Date? {
        var calendar = components.calendar ?? Calendar(identifier: .gregorian)
        calendar.timeZone = components.timeZone ?? TimeZone.current
        components.calendar = nil
        components.timeZone = nil
        return calendar.nextDate(after: date, matching: components, matchingPolicy: .nextTime)
    }
}

/// A trigger that breaks Apple's rules, or JSON that is not one.
public enum CenterTriggerError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalid(String)

    public var description: String {
        switch self {
        case .invalid(let message): message
        }
    }
}
