import Foundation
import NSESimHost
import NSESimRuntime

/// What a case expects its sanitizer to find (`expect.sanitizer`; docs/sanitizers.md#replay),
/// beside `expect.crash`: each expected finding must be in the report's `sanitizer` list, and
/// every finding in the report must be expected; a case that expects none says `[]`, and a case
/// without `expect.sanitizer` fails on any finding too (a finding is a bug until a case names it).
///
/// ```json
/// "expect": {"sanitizer": [{"kind": "data-race", "file": "NotificationService.swift", "line": 31,
///                           "function": "didReceive"}]}
/// ```
///
/// `kind` and `line` match exactly, `file` the end of the user's path, `function` any part of it;
/// only what is given is checked.
struct ReplaySanitizerExpectation: Sendable, Equatable {
    var kind: String?
    var file: String?
    var line: Int?
    var function: String?

    static let keys = ["file", "function", "kind", "line"]

    init(_ object: [String: JSONValue], at path: String) throws {
        for key in object.keys.sorted() where !Self.keys.contains(key) {
            throw ReplayExpectationError.unknownKey(path: path, key: key, known: Self.keys)
        }
        kind = try object.string("kind", in: path)
        file = try object.string("file", in: path)
        line = try object.integer("line", in: path).map(Int.init)
        function = try object.string("function", in: path)
    }

    /// `expect.sanitizer`'s list; nil when the case has none.
    static func list(in object: [String: JSONValue]) throws -> [ReplaySanitizerExpectation]? {
        guard let value = object["sanitizer"], value != .null else { return nil }
        guard let items = value.arrayValue else {
            throw JSONTypeError(path: "expect.sanitizer", expected: "a list of {kind, file, line, function}", found: value.typeDescription)
        }
        return try items.enumerated().map { index, item in
            guard let members = item.objectValue else {
                throw JSONTypeError(
                    path: "expect.sanitizer[\(index)]", expected: "an object {kind, file, line, function}", found: item.typeDescription)
            }
            return try ReplaySanitizerExpectation(members, at: "expect.sanitizer[\(index)]")
        }
    }

    /// Whether `finding` is this one.
    func matches(_ finding: SanitizerFinding) -> Bool {
        let frame = finding.ownFrame
        if let kind, finding.kind != kind { return false }
        if let file, !(frame?.file.map { $0 == file || $0.hasSuffix("/" + file) } ?? false) { return false }
        if let line, frame?.line != line { return false }
        if let function, !(frame?.function?.contains(function) ?? false) { return false }
        return true
    }

    var text: String {
        let site = file.map { "at \($0)\(line.map { ":\($0)" } ?? "")" } ?? line.map { "at line \($0)" }
        return [kind ?? "a finding", site, function.map { "in \($0)" }].compactMap { $0 }.joined(separator: " ")
    }

    /// The differences between `expected` (nil: the case expects none) and the report's findings.
    static func differences(_ expected: [ReplaySanitizerExpectation]?, from report: JSONValue) -> [String] {
        let found = findings(in: report)
        var lines: [String] = []
        var unmatched = found
        for item in expected ?? [] {
            guard let index = unmatched.firstIndex(where: item.matches) else {
                let got = found.isEmpty ? "none" : found.map(\.line).joined(separator: "; ")
                lines.append("sanitizer: expected \(item.text), got \(got)")
                continue
            }
            unmatched.remove(at: index)
        }
        // Several reports of one race (each pair of accesses) are one expected finding; the
        // findings are named once (a missing one's line lists them all).
        unmatched.removeAll { finding in (expected ?? []).contains { $0.matches(finding) } }
        if lines.isEmpty {
            for finding in unmatched { lines.append("sanitizer: unexpected \(finding.line)") }
        }
        return lines
    }

    /// The report's `sanitizer` list.
    static func findings(in report: JSONValue) -> [SanitizerFinding] {
        guard let value = report["sanitizer"], value != .null else { return [] }
        return (try? JSONDecoder().decode([SanitizerFinding].self, from: Data(value.serializedString().utf8))) ?? []
    }

    /// The `Sanitizer` lines of a report, as `nsesim run` prints them, for a failed case.
    static func lines(of report: JSONValue) -> [String] {
        findings(in: report).map { "Sanitizer  \($0.line)" }
    }
}
