import NSESimCore
import NSESimHost

/// One run of one payload under one network: what `nsesim bench` measures.
package struct BenchSample: Sendable {
    /// One response of the fixture server during the run, in milliseconds from `didReceive`.
    package struct Download: Sendable {
        /// The path and query the extension asked for.
        package let target: String
        package let startMs: Double
        /// nil when the response had not ended when the run did.
        package let endMs: Double?
        package let bytes: Int
    }

    /// Which run of the group this was (0-based).
    package let index: Int
    package let outcome: Outcome
    /// Milliseconds from `didReceive` to the content handler call that counted; nil when
    /// none counted (the original content was delivered).
    package let contentHandlerMs: Double?
    /// Whether nsesim called `serviceExtensionTimeWillExpire()`.
    package let timeWillExpireCalled: Bool
    /// Attachments moved into the store and delivered.
    package let attachmentsDelivered: Int
    /// Attachments dropped by the checks after the extension (with their UNError).
    package let attachmentsDropped: Int
    /// Body bytes the fixture server sent during the run.
    package let bytesDownloaded: Int
    /// The extension process's peak resident memory, and what it added above an empty extension.
    package let peakMemoryBytes: Int64
    package let addedMemoryBytes: Int64
    /// The moments of the notification's life (docs/behaviour.md#timeline-events).
    package let timeline: [TimelineEvent]
    package let downloads: [Download]
    /// Why the extension could not run, if it could not.
    package let errors: [String]
    /// Where it crashed (`NotificationService.swift:8`, the first frame in the extension's own
    /// code, else the signal), when it did.
    package var crashSite: String?

    package init(
        index: Int, outcome: Outcome, contentHandlerMs: Double?, timeWillExpireCalled: Bool,
        attachmentsDelivered: Int, attachmentsDropped: Int, bytesDownloaded: Int, peakMemoryBytes: Int64,
        addedMemoryBytes: Int64, timeline: [TimelineEvent], downloads: [Download], errors: [String]
    ) {
        self.index = index
        self.outcome = outcome
        self.contentHandlerMs = contentHandlerMs
        self.timeWillExpireCalled = timeWillExpireCalled
        self.attachmentsDelivered = attachmentsDelivered
        self.attachmentsDropped = attachmentsDropped
        self.bytesDownloaded = bytesDownloaded
        self.peakMemoryBytes = peakMemoryBytes
        self.addedMemoryBytes = addedMemoryBytes
        self.timeline = timeline
        self.downloads = downloads
        self.errors = errors
    }

    /// True when iOS would show the original content, not the extension's (a filtered
    /// notification shows neither).
    package var originalDelivered: Bool { !outcome.handlerCounted }

    /// When the run ended for the user: the last event of the timeline.
    package var endMs: Double { max(timeline.map(\.tMs).max() ?? 0, downloads.compactMap(\.endMs).max() ?? 0) }
}
