import NSESimHost
import NSESimRuntime

/// The object `nsesim run --format json` prints (docs/behaviour.md#the-report), one per notification:
/// what the gate decided, what the extension did, what iOS delivered.
///
/// Version 4 of the report: version 3 with the typed `sanitizer` list (what the sanitizer the
/// extension was built with found, `--sanitize`). Version 3 was version 2 with the typed `crash` and `hang` sections (where and why
/// the extension crashed, where it was stuck when it ran out of time); version 2 was version 1,
/// the same object built by hand, with `reportVersion`. A field that is `Optional` is left out when there is nothing to say
/// (`baselineMemoryBytes` when the extension did not run); a ``Nullable`` field is always
/// there and may be `null`. The notification content, the center's changes, the
/// frameworks' records and the project stay open `JSONValue`s. `docs/report-schema.json`
/// is generated from these types (``ReportSchema``).
package struct NotificationReport: Codable, Sendable, Equatable {
    /// The version of this shape: 4. It changes when a field is renamed, removed or
    /// changes type, or a section is added that readers should know of.
    package static let currentVersion = 4

    /// ``currentVersion`` when written by this nsesim.
    package var reportVersion: Int = NotificationReport.currentVersion
    /// The request iOS built from the payload.
    package var request: Request
    /// Whether iOS would run the extension for this payload.
    package var invoked: Bool
    /// Why it would not; `null` when it would.
    @Nullable package var notInvokedReason: String? = nil
    /// What became of the notification (docs/behaviour.md#outcomes).
    package var outcome: Outcome
    /// The content iOS shows: the extension's when it counts, else the original (Apple's
    /// property names).
    package var delivered: JSONValue
    /// The delivered attachments: in the store when one was used, else as handed.
    package var attachments: [Attachment]
    /// The extension's errors and the dropped attachments'.
    package var errors: [ReportedError]
    /// The payload's lint warnings, then the run's and the delivery's.
    package var warnings: [Warning]
    /// What happened when, from `didReceive`.
    package var timeline: [Event]
    /// The extension process's peak memory; 0 when it did not run.
    package var peakMemoryBytes: Int64
    /// An empty extension's memory, measured the same way (when the extension ran).
    package var baselineMemoryBytes: Int64?
    /// The peak above the baseline (when the extension ran).
    package var addedMemoryBytes: Int64?
    /// The memory limit above the baseline (when the extension ran; `null` with
    /// `--memory-limit none`): iOS's 24 MiB footprint less what an empty extension dirties.
    package var memoryLimitBytes: Nullable<Int64>?
    /// The phone's lock state the extension ran in (when it ran): `unlocked`, `locked`,
    /// `before-first-unlock`.
    package var lockState: LockState?
    /// How often the extension called the content handler (when it ran).
    package var handlerCalls: Int?
    /// When `didReceive` started, in milliseconds (when the extension ran; `null` if it never did).
    package var didReceiveStartedMs: Nullable<Double>?
    /// When `serviceExtensionTimeWillExpire` started (when the extension ran; `null` if never).
    package var timeWillExpireStartedMs: Nullable<Double>?
    /// How the process ended, "exit 0", "signal 9", ... (when the extension ran; `null` if unknown).
    package var processExit: Nullable<String>?
    /// Where and why the extension process crashed (when it did): the signal, the Swift
    /// runtime's reason, the crashed thread's frames, the first frame in the extension's own code.
    package var crash: ExtensionCrash?
    /// Every thread's stack at the deadline and at the kill, with the thread stuck in the
    /// extension's own code (when the extension ran out of time).
    package var hang: ExtensionHang?
    /// What the sanitizer found, each finding with its kind, the sanitizer's summary, its stacks
    /// and the first frame in the extension's own code (when the extension was built with one,
    /// `--sanitize`: empty when it found nothing; docs/sanitizers.md).
    package var sanitizer: [SanitizerFinding]?
    /// The extension's standard output and error (when it ran).
    package var log: String?
    /// The app's notification center: the extension's changes, then the delivery (when any).
    package var center: Center?
    /// The unified-logging entries shown (`--log-level`, `--log-private`), when the extension ran.
    package var logRecords: [LogRecord]?
    /// CallKit's reports (when any).
    package var calls: [JSONValue]?
    /// The keychain operations (when any).
    package var keychain: [JSONValue]?
    /// The file accesses in an app group or the container that the lock state refused, or that a
    /// locked phone would refuse (`failsWhen`), each with its `protection` class (when any).
    package var files: [JSONValue]?
    /// UIKit's image decodes, draws and encodes (when any).
    package var images: [JSONValue]?
    /// The push SDK's steps, each with a `summary` (when any).
    package var sdk: [JSONValue]?
    /// SystemConfiguration's reachability answers (when any).
    package var reachability: [JSONValue]?
    /// AudioToolbox's system sounds, none heard on Linux (when any).
    package var sounds: [JSONValue]?
    /// CoreData's store loads, fetches and saves (when any).
    package var coreData: [JSONValue]?
    /// BackgroundTasks' scheduler calls, each refused or empty as in an app extension (when any).
    package var backgroundTasks: [JSONValue]?
    /// CommonCrypto's operations: algorithm, sizes, status, never a key (when any).
    package var crypto: [JSONValue]?
    /// Darwin notifications (notify) posted, registered for, delivered and cancelled (when any).
    package var notify: [JSONValue]?
    /// AVFAudio's audio files opened, read, written and closed, and its session calls (when any).
    package var audio: [JSONValue]?
    /// The extension as built or loaded (when it was needed).
    package var `extension`: Extension?
}
