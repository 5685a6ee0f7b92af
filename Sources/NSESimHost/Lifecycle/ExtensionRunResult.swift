import NSESimRuntime
import NSESimStore
@_spi(NSESim) import UserNotifications

/// What happened to one notification in the extension process.
package struct ExtensionRunResult: Sendable {
    /// The request's identifier: the notification's identifier in the store.
    package var requestIdentifier: String
    /// The outcome (docs/behaviour.md#outcomes).
    package var outcome: Outcome
    /// The content the extension handed to its content handler, when it counts
    /// (``Outcome/deliversExtensionContent``); nil means the original content.
    package var handedContent: JSONValue?
    /// The handed content after the attachment checks and the move into the store (nil
    /// when no store was given: the content as handed).
    package var deliveredContent: JSONValue?
    /// The attachments delivered into the store.
    package var attachments: [DeliveredAttachment]
    /// The attachments dropped, with their UNError.
    package var attachmentFailures: [AttachmentFailure]
    /// The moments of the notification's life.
    package var timeline: [TimelineEvent]
    /// Things that did not stop delivery: a second handler call, a crash after the handler.
    package var warnings: [RunWarning]
    /// Why the extension could not run, if it could not.
    package var errors: [String]
    /// The extension process's peak resident memory (VmHWM), in bytes.
    package var peakMemoryBytes: Int64
    /// The memory of the process with the extension loaded, before `didReceive`: what an
    /// empty extension costs, the baseline the memory limit is applied above.
    package var baselineMemoryBytes: Int64
    /// How long from spawning the process to the extension being loaded and ready.
    package var startDuration: Duration?
    /// How the process ended: "exited with status 0", "killed by SIGKILL", ...
    package var processExit: String?
    /// What the extension printed (standard output and error), the last 64 KB.
    package var log: String
    /// How many times the content handler was called.
    package var handlerCalls: Int
    /// When the extension process began running `serviceExtensionTimeWillExpire()`, in
    /// milliseconds from `didReceive` (the timeline's `timeWillExpire` is when nsesim
    /// called it, at the deadline); nil when it never got that far.
    package var timeWillExpireStartedMs: Double?
    /// When the extension's thread began running `didReceive(_:withContentHandler:)`, in
    /// milliseconds from the timeline's `didReceive` (when nsesim called it); nil when the
    /// extension never reported it.
    package var didReceiveStartedMs: Double?
    /// When nsesim handed the request to the extension (the timeline's zero); nil when it never did.
    package var didReceiveAt: ContinuousClock.Instant?
    /// The memory limit applied above the baseline (``RunConfiguration/memoryLimit``); nil
    /// when none was.
    package var memoryLimitBytes: Int64?
    /// The phone's lock state the extension ran in.
    package var lockState: LockState = .unlocked
    /// What the frameworks reported doing, in order (changes to the notification center, ...).
    package var records: [ExtensionRecord] = []
    /// Whether the process was started before the push came (a warm process): its
    /// spawn and load are not part of the notification's time, which still starts at the push.
    package var prestarted = false
    /// How the extension's process was started (nil: none was).
    package var started: ExtensionProcess.Start?
    /// The extension process's id (nil: none ran): what its coverage profile is named by
    /// (`--coverage`, `%p`), read after it has ended.
    package var processIdentifier: Int32?
    /// Where and why the process crashed while serving this request (nil: it did not).
    package var crash: ExtensionCrash?
    /// The stacks taken when the request ran out of time (nil: it did not).
    package var hang: ExtensionHang?
    /// What the sanitizer the extension was built with found (`--sanitize`; empty without one).
    package var sanitizer: [SanitizerFinding] = []

    /// The memory the extension added above the baseline.
    package var addedMemoryBytes: Int64 { max(0, peakMemoryBytes - baselineMemoryBytes) }

    package init(outcome: Outcome, requestIdentifier: String) {
        self.requestIdentifier = requestIdentifier
        self.outcome = outcome
        deliveredContent = nil
        attachments = []
        attachmentFailures = []
        handedContent = nil
        timeline = []
        warnings = []
        errors = []
        peakMemoryBytes = 0
        baselineMemoryBytes = 0
        log = ""
        handlerCalls = 0
    }
}

/// Something in the extension's run that did not stop delivery.
package struct RunWarning: Sendable, Equatable, CustomStringConvertible {
    /// Stable names for tests and replay expectations.
    package enum Code: String, Sendable {
        case handlerCalledAgain = "content-handler-called-again"
        case crashedAfterHandler = "crashed-after-content-handler"
        case killedAfterHandler = "killed-after-content-handler"
        case categoryNotRegistered = "category-not-registered"
        case communicationNotDeclared = "communication-intent-not-declared"
        case appGroupNotEntitled = "app-group-not-entitled"
        case emptyContentNotFiltered = "empty-content-not-filtered"
        case failsWhenLocked = "fails-when-locked"
        case interruptionLevelNotEntitled = "interruption-level-not-entitled"
        case prestartedProcessDied = "prestarted-process-died"
        case zygoteFailed = "zygote-failed"
        case stacksNotTaken = "stacks-not-taken"
    }

    package let code: Code
    package let message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { "\(message) [\(code.rawValue)]" }
}

extension ExtensionRunResult {
    /// What `source` reported, in order.
    package func records(from source: NSESimReportSource) -> [ExtensionRecord] {
        records.filter { $0.source == source.rawValue }
    }
}

/// One thing a framework in the extension reported doing.
package struct ExtensionRecord: Sendable, Equatable {
    /// Who reported it: "UserNotifications.center", "os.log", ...
    package let source: String
    /// What it was, as JSON.
    package let record: JSONValue
    /// When nsesim heard of it, in milliseconds from `didReceive`.
    package var tMs: Double = 0

    /// The record with its time (`tMs`, to a tenth), as reports list it.
    package var timedJSON: JSONValue {
        guard case .object(var fields) = record else { return record }
        fields["tMs"] = .double((tMs * 10).rounded() / 10)
        return .object(fields)
    }
}
