import Foundation
import NSESimCore
import NSESimHost
import NSESimRuntime

/// Where a case expects the extension to crash (`expect.crash`) or to be stuck when it runs out
/// of time (`expect.hang`), in the extension's own code (docs/crashes-and-hangs.md#replay):
///
/// ```json
/// "expect": {"crash": {"file": "NotificationService.swift", "line": 8, "signal": "SIGILL",
///                      "reason": "Unexpectedly found nil"}}
/// "expect": {"hang": {"file": "NotificationService.swift", "line": 20, "function": "waitForDownload",
///                     "waitingIn": "DispatchSemaphore.wait"}}
/// ```
///
/// `file` matches the end of the user's path, `function`, `reason` and `waitingIn` any part
/// of the text, `line` and `signal` exactly; only what is given is checked.
struct ReplaySiteExpectation: Sendable, Equatable {
    /// `crash` or `hang`: the report section.
    let section: String
    var file: String?
    var line: Int?
    var function: String?
    var signal: String?
    var reason: String?
    var waitingIn: String?

    /// The keys each section's expectation may have.
    static func keys(for section: String) -> [String] {
        section == "crash" ? ["file", "function", "line", "reason", "signal"] : ["file", "function", "line", "waitingIn"]
    }

    init(section: String, _ object: [String: JSONValue]) throws {
        self.section = section
        let path = "expect.\(section)"
        let known = Self.keys(for: section)
        for key in object.keys.sorted() where !known.contains(key) {
            throw ReplayExpectationError.unknownKey(path: path, key: key, known: known)
        }
        file = try object.string("file", in: path)
        line = try object.integer("line", in: path).map(Int.init)
        function = try object.string("function", in: path)
        signal = try object.string("signal", in: path)
        reason = try object.string("reason", in: path)
        waitingIn = try object.string("waitingIn", in: path)
    }

    /// The differences from the report's section, one line each.
    func differences(from report: JSONValue) -> [String] {
        let (frame, summary, crash, stuck) = Self.site(section, in: report)
        guard let summary else {
            return ["\(section): expected \(section == "crash" ? "a crash" : "a thread stuck in the extension's code"), got none"]
        }
        var problems: [String] = []
        if let file, !(frame?.file.map { $0 == file || $0.hasSuffix("/" + file) } ?? false) { problems.append("file \(file)") }
        if let line, frame?.line != line { problems.append("line \(line)") }
        if let function, !(frame?.function?.contains(function) ?? false) { problems.append("function \(function)") }
        if let signal, crash?.signal != signal { problems.append("signal \(signal)") }
        if let reason, !(crash?.reason?.contains(reason) ?? false) { problems.append("reason \"\(reason)\"") }
        if let waitingIn, !(stuck?.waitingIn?.contains(waitingIn) ?? false) { problems.append("waiting in \(waitingIn)") }
        return problems.isEmpty ? [] : ["\(section): expected \(problems.joined(separator: ", ")), got \(summary)"]
    }

    /// The own frame and the one-line summary of a report's `crash` or `hang`.
    static func site(
        _ section: String, in report: JSONValue
    )
        -> (frame: StackFrame?, summary: String?, crash: ExtensionCrash?, stuck: StuckThread?)
    {
        if section == "crash" {
            guard let crash = decode(ExtensionCrash.self, report["crash"]) else { return (nil, nil, nil, nil) }
            return (crash.ownFrame, crash.summary, crash, nil)
        }
        guard let hang = decode(ExtensionHang.self, report["hang"]), let stuck = hang.stuck else { return (nil, nil, nil, nil) }
        return (stuck.ownFrame, hang.summary, nil, stuck)
    }

    /// The `Crash` and `Stuck` lines of a report, as `nsesim run` prints them, for a failed case.
    static func lines(of report: JSONValue) -> [String] {
        [("crash", "Crash"), ("hang", "Stuck")].compactMap { section, label in
            site(section, in: report).summary.map { "\(label)  \($0)" }
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue?) -> T? {
        guard let value, value != .null else { return nil }
        return try? JSONDecoder().decode(type, from: Data(value.serializedString().utf8))
    }
}
