import Foundation
import NSESimRuntime

/// The Swift runtime's crash report, as its backtracer writes it when a Swift process dies of a
/// signal or a trap: nsesim asks for JSON on one line of the process's standard error
/// (``environmentValue``), takes that line out of the log (``LogCollector``) and reads the
/// crashed thread from it here (docs/crashes-and-hangs.md#crashes).
package struct SwiftBacktrace: Sendable, Equatable {
    /// What the backtracer says happened: `Illegal instruction`, `Bad pointer dereference`.
    package var description: String?
    /// The address that faulted, when the backtracer gives one.
    package var faultAddress: String?
    /// The crashed thread's stack (its frames not yet marked as own code).
    package var crashedThread: ThreadStack?

    /// `SWIFT_BACKTRACE` for every extension process (spawned, and the zygote, whose children
    /// inherit its runtime's settings): the report as JSON on one line of standard error,
    /// paths as they are, no colours, no waiting for a debugger.
    package static let environmentValue =
        "enable=yes,interactive=no,color=no,format=json,output-to=stderr,sanitize=no,images=mentioned,registers=none"

    /// Whether `line` is the backtracer's JSON report (it starts `{ "timestamp": …, "kind": "crashReport"`).
    package static func isReportLine(_ line: String) -> Bool {
        line.hasPrefix("{") && line.utf8.count > 40 && line.prefix(120).contains("\"crashReport\"")
    }

    /// Reads a report line; nil when it is not one.
    package init?(reportLine line: String) {
        guard let data = line.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["kind"] as? String == "crashReport"
        else { return nil }
        description = object["description"] as? String
        faultAddress = object["faultAddress"] as? String
        let threads = object["threads"] as? [[String: Any]] ?? []
        guard let thread = threads.first(where: { $0["crashed"] as? Bool == true }) ?? threads.first else {
            crashedThread = nil
            return
        }
        let frames = (thread["frames"] as? [[String: Any]] ?? []).compactMap(Self.frame)
        crashedThread = ThreadStack(id: nil, name: thread["name"] as? String, frames: frames)
    }

    /// One frame of the JSON; nil for the backtracer's markers (`truncated`, `omittedFrames`).
    private static func frame(_ json: [String: Any]) -> StackFrame? {
        guard let kind = json["kind"] as? String, kind == "programCounter" || kind == "returnAddress" || kind == "asyncResumePoint"
        else { return nil }
        var frame = StackFrame(module: json["image"] as? String, address: json["address"] as? String)
        if let description = json["description"] as? String {
            // "unwrap(_:) + 226": the offset is the backtracer's, not part of the name.
            frame.function = description.replacingOccurrences(of: #" \+ \d+$"#, with: "", options: .regularExpression)
        } else if let symbol = json["symbol"] as? String {
            frame.function = symbol
        }
        if let location = json["sourceLocation"] as? [String: Any] {
            frame.file = (location["file"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            frame.line = (location["line"] as? Int).flatMap { $0 > 0 ? $0 : nil }
            frame.column = (location["column"] as? Int).flatMap { $0 > 0 ? $0 : nil }
        }
        return frame
    }
}
