import Foundation

/// One finding of the sanitizer the extension ran under (`--sanitize`; docs/sanitizers.md): what
/// it is, the stacks the sanitizer printed, and the first frame in the extension's own code. The
/// report's `sanitizer` list; the outcome stays the one iOS gives.
package struct SanitizerFinding: Codable, Sendable, Equatable {
    /// The sanitizer: `thread`, `address`, `undefined`.
    package var sanitizer: String
    /// What was found: `data-race` (ThreadSanitizer's data races and Swift access races),
    /// `heap-buffer-overflow`, `stack-buffer-overflow`, `use-after-free`, `double-free`, …, or
    /// UndefinedBehaviorSanitizer's check (`signed-integer-overflow`, `null-pointer-use`, …).
    package var kind: String
    /// The sanitizer's own words, addresses left out: `Swift access race: Modifying access of
    /// Swift variable by thread T2; Previous write of size 1 by thread T1`.
    package var summary: String
    /// The stacks it printed, in its order (the access, the previous access, where the memory
    /// was allocated or freed, where the threads were created).
    package var stacks: [SanitizerStack]
    /// The first frame in the extension's own code, in the first stack that has one.
    package var ownFrame: StackFrame?

    package init(sanitizer: String, kind: String, summary: String, stacks: [SanitizerStack], ownFrame: StackFrame? = nil) {
        self.sanitizer = sanitizer
        self.kind = kind
        self.summary = summary
        self.stacks = stacks
        self.ownFrame = ownFrame ?? Self.firstOwnFrame(in: stacks)
    }

    /// The first own frame with a line, in the stacks' order (an access the compiler gave line 0,
    /// as a Swift access check may be, is named by the other access's line); else the first own frame.
    static func firstOwnFrame(in stacks: [SanitizerStack]) -> StackFrame? {
        let own = stacks.flatMap { $0.frames.first(where: \.isOwnCode).map { [$0] } ?? [] }
        return own.first { $0.line != nil } ?? own.first
    }

    /// The report's line: `data-race at NotificationService.swift:31 in
    /// NotificationService.didReceive(_:withContentHandler:) — Swift access race: …`.
    package var line: String {
        var text = kind
        if let ownFrame {
            text += " at \(ownFrame.site)"
            if let function = ownFrame.function { text += " in \(function)" }
        } else {
            text += " outside the extension's code"
        }
        return text + " — " + summary
    }
}

/// One stack of a sanitizer's finding, innermost frame first.
package struct SanitizerStack: Codable, Sendable, Equatable {
    /// What the sanitizer says of it: `Modifying access of Swift variable by thread T2`,
    /// `allocated by thread T0 here`.
    package var title: String
    /// Its frames, innermost first.
    package var frames: [StackFrame]

    package init(title: String, frames: [StackFrame]) {
        self.title = title
        self.frames = frames
    }
}

extension ExtensionCrash {
    /// The crash AddressSanitizer's abort made, told by its finding: the runtime's backtracer is
    /// off in such a process, so the crashed thread's frames and the own frame are the finding's
    /// first stack's, the reason its words (`AddressSanitizer: heap-buffer-overflow`).
    package mutating func takeFrames(from finding: SanitizerFinding) {
        guard frames.isEmpty, let stack = finding.stacks.first else { return }
        frames = stack.frames
        ownFrame = finding.ownFrame
        reason = reason ?? "AddressSanitizer: \(finding.kind)"
        fault = fault ?? stack.title
    }
}
