import Foundation

/// Where the extension was when it ran out of time: every thread's stack at the deadline (when
/// `serviceExtensionTimeWillExpire()` is called) and again at the kill after the grace, and the
/// thread blocked in the extension's own code called out with its first own frame and what that
/// frame was waiting in (docs/crashes-and-hangs.md#hangs). The report's `hang` section.
package struct ExtensionHang: Codable, Sendable, Equatable {
    /// The stacks, one sample per moment, in order.
    package var samples: [StackSample]
    /// The thread stuck in the extension's code at the last sample that found one.
    package var stuck: StuckThread?

    package init(samples: [StackSample] = []) {
        self.samples = samples
        stuck = Self.stuck(in: samples)
    }

    /// The hang with one more sample.
    package func adding(_ sample: StackSample) -> ExtensionHang {
        ExtensionHang(samples: samples + [sample])
    }

    /// The stuck thread: in the last sample that has a thread in own code, the thread that runs
    /// `didReceive`, else the first in own code; the moments it was found at the same frame.
    private static func stuck(in samples: [StackSample]) -> StuckThread? {
        for sample in samples.reversed() {
            guard let index = sample.stuckThreadIndex else { continue }
            let thread = sample.threads[index]
            guard let frame = thread.firstOwnFrame else { continue }
            let moments = samples.filter { other in
                other.stuckThreadIndex.map { other.threads[$0].firstOwnFrame == frame } == true
            }
            return StuckThread(
                thread: thread.name, threadID: thread.id, ownFrame: frame, waitingIn: thread.calledFromOwnCode,
                moments: moments.map(\.moment), momentsMs: moments.map(\.tMs))
        }
        return nil
    }

    /// `NotificationService.swift:20 in waitForDownload(_:) — DispatchSemaphore.wait() at the
    /// deadline (300.1 ms) and at the kill (812.4 ms)`; nil when no thread was in own code.
    package var summary: String? {
        guard let stuck else { return nil }
        var text = stuck.ownFrame.site
        if let function = stuck.ownFrame.function { text += " in \(function)" }
        text += " — " + (stuck.waitingIn ?? "running its own code")
        let at = zip(stuck.moments, stuck.momentsMs).map { moment, ms in
            "at the \(moment == .deadline ? "deadline" : "kill") (\(ms.formatted1) ms)"
        }
        return text + " " + at.joined(separator: " and ")
    }
}

/// When the stacks were taken.
package enum HangMoment: String, Codable, Sendable, CaseIterable, Equatable {
    /// At the deadline, before `serviceExtensionTimeWillExpire()` is called.
    case deadline
    /// At the end of the grace, before the process is killed.
    case kill
}

/// Every thread's stack at one moment.
package struct StackSample: Codable, Sendable, Equatable {
    /// When: at the deadline or at the kill.
    package var moment: HangMoment
    /// When, in milliseconds from `didReceive`.
    package var tMs: Double
    /// How long taking the stacks took (the process is stopped meanwhile; the grace starts after).
    package var durationMs: Double
    /// The threads, the main thread first.
    package var threads: [ThreadStack]
    /// Why there are no stacks (the stack tool is missing, the process ended); nil when there are.
    package var error: String?

    package init(moment: HangMoment, tMs: Double = 0, durationMs: Double = 0, threads: [ThreadStack] = [], error: String? = nil) {
        self.moment = moment
        self.tMs = tMs
        self.durationMs = durationMs
        self.threads = threads
        self.error = error
    }

    /// The thread called out: the one whose own code includes `didReceive`, else the first with
    /// any own frame.
    package var stuckThreadIndex: Int? {
        threads.firstIndex { thread in
            thread.frames.contains { $0.isOwnCode && ($0.function ?? "").contains("didReceive(") }
        } ?? threads.firstIndex { $0.firstOwnFrame != nil }
    }
}

/// The thread blocked in the extension's own code.
package struct StuckThread: Codable, Sendable, Equatable {
    /// Its name.
    package var thread: String?
    /// Its kernel thread id.
    package var threadID: Int?
    /// Its first frame in the extension's code: the function, the user's file and line.
    package var ownFrame: StackFrame
    /// What that frame was calling (`DispatchSemaphore.wait()`); nil when the thread was
    /// running the extension's own code (a loop).
    package var waitingIn: String?
    /// The moments it was found there.
    package var moments: [HangMoment]
    /// Those moments, in milliseconds from `didReceive`.
    package var momentsMs: [Double]
}

extension Double {
    /// To a tenth, as the reports print milliseconds.
    var formatted1: String { String(format: "%.1f", self) }
}
