import Foundation

/// Where and why the extension process crashed: the signal, the Swift runtime's reason, the
/// crashed thread's frames and the first of them in the extension's own code, the one a
/// developer opens (docs/crashes-and-hangs.md#crashes). The report's `crash` section.
package struct ExtensionCrash: Codable, Sendable, Equatable {
    /// The signal's name: `SIGILL` (a Swift trap on x86_64), `SIGTRAP` (on arm64), `SIGSEGV`, `SIGABRT`.
    package var signal: String
    /// The signal's number on this machine.
    package var signalNumber: Int
    /// What the Swift runtime printed before it trapped: `Fatal error: Unexpectedly found nil
    /// while unwrapping an Optional value`, `Fatal error: Index out of range`, a `fatalError`
    /// message; nil for a crash without one (a bad memory access, `abort()`).
    package var reason: String?
    /// The file the runtime named with the reason (`#fileID`: `NotificationService/NotificationService.swift`).
    package var reasonFile: String?
    /// The line the runtime named with the reason.
    package var reasonLine: Int?
    /// What the backtracer says of the fault: `Illegal instruction`, `Bad pointer dereference`.
    package var fault: String?
    /// The crashed thread's name.
    package var thread: String?
    /// The crashed thread's frames, innermost first (empty when the runtime wrote no backtrace).
    package var frames: [StackFrame]
    /// The first frame in the extension's own code: its function, the user's file and line.
    package var ownFrame: StackFrame?

    package init(signal: Int32, reason: RuntimeFailureMessage? = nil, backtrace: SwiftBacktrace? = nil, ownCode: OwnCode) {
        self.signal = Self.signalName(signal)
        signalNumber = Int(signal)
        self.reason = reason?.reason
        reasonFile = reason?.file
        reasonLine = reason?.line
        fault = backtrace?.description
        thread = backtrace?.crashedThread?.name
        frames = (backtrace?.crashedThread?.frames ?? []).map(ownCode.marked)
        ownFrame = Self.ownFrame(in: frames, reason: reason, ownCode: ownCode)
    }

    /// The first own frame, its line from the runtime's message when the frame has none (a
    /// trap's return address is often in code the compiler gave line 0); or, without any own
    /// frame in the backtrace, the user's file and line the message names.
    private static func ownFrame(in frames: [StackFrame], reason: RuntimeFailureMessage?, ownCode: OwnCode) -> StackFrame? {
        let named = reason?.file.flatMap(ownCode.source(named:))
        guard var frame = frames.first(where: \.isOwnCode) else {
            guard let named else { return nil }
            return StackFrame(file: named, line: reason?.line, isOwnCode: true)
        }
        // The runtime names the very line of the trap; the return address may not.
        if let named, frame.file == nil || frame.file == named {
            frame.file = named
            frame.line = reason?.line ?? frame.line
        }
        return frame
    }

    /// The one line a developer reads first: `NotificationService.swift:8 in
    /// NotificationService.didReceive(_:withContentHandler:) — Fatal error: … (SIGILL)`.
    package var summary: String {
        var text = ""
        if let ownFrame {
            text += ownFrame.site
            if let function = ownFrame.function { text += " in \(function)" }
        } else if let frame = frames.first {
            text += "outside the extension's code, in \(frame.function ?? frame.site)"
        } else {
            text += "no backtrace"
        }
        text += " — " + (reason ?? fault ?? "killed by \(signal)")
        return text + " (\(signal))"
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGILL: "SIGILL",
            SIGTRAP: "SIGTRAP", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGTERM: "SIGTERM",
            SIGSYS: "SIGSYS", SIGPIPE: "SIGPIPE",
        ]
        return names[signal] ?? "SIG\(signal)"
    }
}
