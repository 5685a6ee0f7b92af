import NSESimCore
import NSESimHost
import NSESimRuntime
@_spi(NSESim) import UserNotifications

/// What a case expects. Every part is optional: only what is given is checked.
///
/// ```json
/// "expect": {
///   "outcome": "modified",
///   "invoked": true,
///   "delivered": {"title": "Hello [modified]", "userInfo": {"sender": "Alice"}},
///   "attachments": [{"type": "public.jpeg", "size": 1397}],     // or {"count": 0}
///   "errors": [102],                                              // UNError codes of dropped attachments
///   "warnings": ["content-handler-called-again"],                 // codes that must appear
///   "timeline": ["didReceive", "timeWillExpire", "contentHandler"], // in this order (others may lie between)
///   "sdk": ["attached fcm_options.image"],                        // text of the push SDK's steps, in order
///   "records": {"sounds": [{"api": "AudioServicesPlayAlertSound", "sound": "vibrate"}]},
///                                                                 // a framework's records, in order
///   "crash": {"file": "NotificationService.swift", "line": 8},    // where it crashed (ReplaySiteExpectation)
///   "hang": {"file": "NotificationService.swift", "line": 20},    // where it was stuck at the deadline or kill
///   "sanitizer": [{"kind": "data-race", "file": "NotificationService.swift"}] // every finding (ReplaySanitizerExpectation)
/// }
/// ```
///
/// The keys are checked against the report's types (``NotificationReport``, through
/// ``ReportSchema``) when the case is loaded: a key the report does not have, in `expect`,
/// `delivered` (Apple's content keys), an attachment or `records`, is an error that names
/// it and the known keys. Any other report field may be expected too (`"handlerCalls": 1`,
/// `"extension": {"cacheHit": true}`): it must match, dictionaries by the keys given.
package struct ReplayExpectation: Sendable {
    /// The keys of `expect` that are replay's own, not report fields: `records` (by report
    /// key), `rejected`, `project` (`extension.project`), `center` (the center after a case
    /// with steps), `contentExtension` (`nsesim show`'s section) and `shows` (the delivered
    /// content has a title, subtitle or body: the cases `nsesim fuzz` writes).
    static let replayKeys = ["records", "rejected", "project", "center", "contentExtension", "shows"]
    /// The report fields with a check of their own above; the others are compared as given.
    static let checkedKeys: Set = [
        "outcome", "invoked", "delivered", "attachments", "errors", "warnings", "timeline", "sdk",
        "crash", "hang", "sanitizer",
    ]

    package var outcome: Outcome?
    package var invoked: Bool?
    /// Content fields that must match; dictionaries match when every key given matches.
    package var delivered: [String: JSONValue]?
    /// Each expected attachment's type and/or size (and identifier), in order.
    package var attachments: [JSONValue]?
    package var attachmentCount: Int?
    /// The UNError codes of dropped attachments, in any order, exactly these.
    package var errorCodes: [Int]?
    /// Warning codes that must be among the report's.
    package var warnings: [String]?
    /// Timeline events that must appear in this order.
    package var timeline: [String]?
    /// Texts that the push SDK's steps (the report's `sdk` summaries) must contain, in this order.
    package var sdk: [String]?
    /// Records a framework reported, by the report's key (`calls`, `keychain`, `reachability`,
    /// `sounds`, …): each expected record must match one (every key given) after the previous one.
    package var records: [String: [JSONValue]]?
    /// The payload must be refused, with a message containing this text (e.g. "aps.badge").
    package var rejected: String?
    /// What the report says of the Xcode project the extension came from (`extension.project`:
    /// target, configuration, files, appGroups, …); dictionaries match when every key given matches.
    package var project: [String: JSONValue]?
    /// Whether the delivered content must show something (a title, subtitle or body), or nothing.
    package var shows: Bool?
    /// Any other report field, by its key: the report's value must match (dictionaries by
    /// the keys given, numbers by value).
    package var fields: [String: JSONValue] = [:]
    /// Where the extension must crash or be stuck, in its own code.
    var sites: [ReplaySiteExpectation] = []
    /// What the sanitizer must find (nil: nothing; docs/sanitizers.md#replay).
    var sanitizer: [ReplaySanitizerExpectation]?
    /// An attachment's keys in the report's order, compared in that order.
    var attachmentKeys: [String] = []

    init(_ object: [String: JSONValue]) throws {
        let path = "expect"
        let shape = try ReportSchema.run.shape()
        let known = Set(shape.keys).union(Self.replayKeys).sorted()
        for key in object.keys.sorted() where !known.contains(key) {
            throw ReplayExpectationError.unknownKey(path: path, key: key, known: known)
        }
        for (key, value) in object.sorted(by: { $0.key < $1.key })
        where !Self.checkedKeys.contains(key) && !Self.replayKeys.contains(key) {
            if let problem = shape[key]?.problem(in: value, at: path.appendingKey(key)) {
                throw ReplayExpectationError.mismatch(problem)
            }
            fields[key] = value
        }
        if let name = try object.string("outcome", in: path) {
            guard let outcome = Outcome(rawValue: name) else {
                throw JSONTypeError(
                    path: "expect.outcome", expected: Outcome.allCases.map(\.rawValue).joined(separator: ", "),
                    found: "\"\(name)\"")
            }
            self.outcome = outcome
        }
        invoked = try object.bool("invoked", in: path)
        delivered = try object.object("delivered", in: path)
        for key in (delivered ?? [:]).keys.sorted() where !NotificationReport.contentKeys.contains(key) {
            throw ReplayExpectationError.unknownKey(path: "expect.delivered", key: key, known: NotificationReport.contentKeys)
        }
        switch object["attachments"] {
        case .array(let items)?:
            if case .array(let attachment)? = shape["attachments"] {
                attachmentKeys = attachment.keys
                for (index, item) in items.enumerated() {
                    try Self.check(item, against: attachment, at: "expect.attachments[\(index)]")
                }
            }
            attachments = items
            attachmentCount = items.count
        case .object(let counts)?:
            for key in counts.keys.sorted() where key != "count" {
                throw ReplayExpectationError.unknownKey(path: "expect.attachments", key: key, known: ["count"])
            }
            attachmentCount = try counts.integer("count", in: "expect.attachments").map(Int.init)
        case nil, .null?:
            break
        case let other?:
            throw JSONTypeError(path: "expect.attachments", expected: "a list of {type, size} or {count}", found: other.typeDescription)
        }
        errorCodes = try object.array("errors", in: path)?.enumerated().map { index, item throws(JSONTypeError) in
            guard let code = item.integerValue else {
                throw JSONTypeError(path: "expect.errors[\(index)]", expected: "a UNError code", found: item.typeDescription)
            }
            return Int(code)
        }
        warnings = try object.strings("warnings", in: path)
        timeline = try object.strings("timeline", in: path)
        sdk = try object.strings("sdk", in: path)
        rejected = try object.string("rejected", in: path)
        shows = try object.bool("shows", in: path)
        if let given = try object.object("records", in: path) {
            let lists = shape.keys.filter { key in
                guard case .array? = shape[key] else { return false }
                return true
            }
            for key in given.keys.sorted() where !lists.contains(key) {
                throw ReplayExpectationError.unknownKey(path: "expect.records", key: key, known: lists)
            }
            records = try given.mapValues { value throws(JSONTypeError) in
                guard let items = value.arrayValue else {
                    throw JSONTypeError(path: "expect.records", expected: "a list of records per report key", found: value.typeDescription)
                }
                return items
            }
            for (key, items) in given.sorted(by: { $0.key < $1.key }) {
                guard case .array(let record)? = shape[key] else { continue }
                for (index, item) in (items.arrayValue ?? []).enumerated() {
                    try Self.check(item, against: record, at: "expect.records.\(key)[\(index)]")
                }
            }
        }
        project = try object.object("project", in: path)
        for section in ["crash", "hang"] {
            if let given = try object.object(section, in: path) { sites.append(try ReplaySiteExpectation(section: section, given)) }
        }
        sanitizer = try ReplaySanitizerExpectation.list(in: object)
    }

    /// Refuses an expected value the report's shape cannot hold: an unknown key (with the
    /// known ones), a value of another type.
    private static func check(_ value: JSONValue, against shape: SchemaShape, at path: String) throws(ReplayExpectationError) {
        if case .object(_, let properties) = shape, case .object(let members) = value {
            for key in members.keys.sorted() where !properties.contains(where: { $0.key == key }) {
                throw .unknownKey(path: path, key: key, known: properties.map(\.key))
            }
        }
        if let problem = shape.problem(in: value, at: path) { throw .mismatch(problem) }
    }

    /// The differences between this expectation and a report (`nsesim run`'s JSON
    /// object), one readable line each; empty when the case passes.
    package func differences(from report: JSONValue) -> [String] {
        var lines: [String] = []
        if let outcome, report["outcome"]?.stringValue != outcome.rawValue {
            lines.append("outcome: expected \(outcome.rawValue), got \(report["outcome"]?.stringValue ?? "none")")
        }
        if let invoked, report["invoked"]?.boolValue != invoked {
            lines.append("invoked: expected \(invoked), got \(report["invoked"]?.boolValue.map { "\($0)" } ?? "none")")
        }
        if let delivered {
            Self.compare(.object(delivered), report["delivered"] ?? .null, path: "delivered", into: &lines)
        }
        if let shows {
            let content = report["delivered"] ?? .null
            let text = ["title", "subtitle", "body"].contains { !(content[$0]?.stringValue ?? "").isEmpty }
            if text != shows {
                lines.append(
                    shows
                        ? "shows: expected a title, subtitle or body, got \(content == .null ? "nothing delivered" : "an empty notification")"
                        : "shows: expected nothing shown, got \(content.serializedString())")
            }
        }
        if let project {
            Self.compare(.object(project), report["extension"]?["project"] ?? .null, path: "project", into: &lines)
        }
        let actualAttachments = report["attachments"]?.arrayValue ?? []
        if let attachmentCount, actualAttachments.count != attachmentCount {
            let listed = actualAttachments.map { "\($0["type"]?.stringValue ?? "?") \($0["size"]?.integerValue ?? 0) bytes" }
            lines.append(
                "attachments: expected \(attachmentCount), got \(actualAttachments.count)"
                    + (listed.isEmpty ? "" : " (\(listed.joined(separator: ", ")))"))
        }
        for (index, expected) in (attachments ?? []).enumerated() where index < actualAttachments.count {
            for key in attachmentKeys {
                guard let value = expected[key] else { continue }
                let actual = actualAttachments[index][key] ?? .null
                if actual != value {
                    lines.append("attachments[\(index)].\(key): expected \(value.serializedString()), got \(actual.serializedString())")
                }
            }
        }
        let actualErrors = (report["errors"]?.arrayValue ?? []).filter { $0["domain"]?.stringValue == UNErrorDomain }
            .compactMap { $0["code"]?.integerValue }.map(Int.init)
        if let errorCodes, actualErrors.sorted() != errorCodes.sorted() {
            let messages = (report["errors"]?.arrayValue ?? []).compactMap { $0["message"]?.stringValue }
            lines.append(
                "errors: expected UNError codes \(errorCodes.sorted()), got \(actualErrors.sorted())"
                    + (messages.isEmpty ? "" : ": \(messages.joined(separator: "; "))"))
        }
        let actualWarnings = Set((report["warnings"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue })
        for warning in warnings ?? [] where !actualWarnings.contains(warning) {
            lines.append("warnings: expected \(warning), got [\(actualWarnings.sorted().joined(separator: ", "))]")
        }
        if let timeline {
            let events = (report["timeline"]?.arrayValue ?? []).compactMap { $0["event"]?.stringValue }
            if Self.firstMissing(timeline, in: events, matching: ==) != nil {
                let got = events.isEmpty ? "no events (the extension did not run)" : events.joined(separator: " → ")
                lines.append("timeline: expected \(timeline.joined(separator: " → ")) in order, got \(got)")
            }
        }
        if let sdk {
            let steps = (report["sdk"]?.arrayValue ?? []).compactMap { $0["summary"]?.stringValue }
            if let missing = Self.firstMissing(sdk, in: steps, matching: { expected, step in step.contains(expected) }) {
                let got = steps.isEmpty ? "no SDK steps" : steps.map { "\"\($0)\"" }.joined(separator: ", ")
                lines.append("sdk: expected a step saying \"\(missing)\" (in order), got \(got)")
            }
        }
        for (key, expected) in fields.sorted(by: { $0.key < $1.key }) {
            Self.compare(expected, report[key] ?? .null, path: key, into: &lines)
        }
        for site in sites { lines.append(contentsOf: site.differences(from: report)) }
        lines.append(contentsOf: ReplaySanitizerExpectation.differences(sanitizer, from: report))
        for (key, expected) in (records ?? [:]).sorted(by: { $0.key < $1.key }) {
            let actual = report[key]?.arrayValue ?? []
            var remaining = actual[...]
            for item in expected {
                guard
                    let found = remaining.firstIndex(where: { record in
                        var differences: [String] = []
                        Self.compare(item, record, path: key, into: &differences)
                        return differences.isEmpty
                    })
                else {
                    let got = actual.isEmpty ? "none" : actual.map { $0.serializedString() }.joined(separator: ", ")
                    lines.append("records.\(key): expected \(item.serializedString()) (in order), got \(got)")
                    break
                }
                remaining = remaining[(found + 1)...]
            }
        }
        return lines
    }

    /// The first of `expected` that `actual` does not hold in that order (others may lie
    /// between), each item found by `matching(expected, actual)`; nil when all are there.
    static func firstMissing(_ expected: [String], in actual: [String], matching: (String, String) -> Bool) -> String? {
        var remaining = actual[...]
        for item in expected {
            guard let found = remaining.firstIndex(where: { matching(item, $0) }) else { return item }
            remaining = remaining[(found + 1)...]
        }
        return nil
    }

    /// Expected values match when equal; dictionaries when every expected key matches.
    static func compare(_ expected: JSONValue, _ actual: JSONValue, path: String, into lines: inout [String]) {
        if case .object(let members) = expected, case .object = actual {
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                compare(value, actual[key] ?? .null, path: path.appendingKey(key), into: &lines)
            }
            return
        }
        if let expectedNumber = expected.numberValue, let actualNumber = actual.numberValue, expectedNumber == actualNumber { return }
        if expected != actual {
            lines.append("\(path): expected \(expected.serializedString()), got \(actual.serializedString())")
        }
    }
}
