import NSESimCore
import NSESimHost

/// The runs of one payload under one network profile, and their figures.
package struct BenchGroup: Sendable {
    /// The payload file as given on the command line.
    package let payload: String
    /// The network profile's name; nil when the server applied none.
    package let network: String?
    /// The deadline and grace the runs had, in milliseconds.
    package let deadlineMs: Double
    package let graceMs: Double
    /// The `--memory-limit`, in bytes above the empty extension.
    package let memoryLimitBytes: Int64?
    package let samples: [BenchSample]

    package init(
        payload: String, network: String?, deadlineMs: Double, graceMs: Double, memoryLimitBytes: Int64?,
        samples: [BenchSample]
    ) {
        self.payload = payload
        self.network = network
        self.deadlineMs = deadlineMs
        self.graceMs = graceMs
        self.memoryLimitBytes = memoryLimitBytes
        self.samples = samples
    }

    /// The network as shown: the profile's name, or "none".
    package var networkName: String { network ?? "none" }

    /// The runs in which iOS would run the extension (a payload the gate refuses has no
    /// time to the content handler: no extension ran).
    package var invokedSamples: [BenchSample] { samples.filter { $0.outcome != .notInvoked } }

    /// Time from `didReceive` to the content handler call that counted, over the invoked runs.
    package var contentHandler: DurationSummary { DurationSummary(invokedSamples.map(\.contentHandlerMs)) }

    package var timeWillExpireCount: Int { samples.count(where: \.timeWillExpireCalled) }
    package var originalDeliveredCount: Int { samples.count(where: \.originalDelivered) }
    package var attachmentsDelivered: Int { samples.reduce(0) { $0 + $1.attachmentsDelivered } }
    package var attachmentsDropped: Int { samples.reduce(0) { $0 + $1.attachmentsDropped } }
    package var bytesDownloaded: Int { samples.reduce(0) { $0 + $1.bytesDownloaded } }
    package var peakMemoryBytes: Int64 { samples.map(\.peakMemoryBytes).max() ?? 0 }
    package var addedMemoryBytes: Int64 { samples.map(\.addedMemoryBytes).max() ?? 0 }

    /// How many runs ended with each outcome, in the order of docs/behaviour.md#outcomes.
    package var outcomeCounts: [(outcome: Outcome, count: Int)] {
        Outcome.allCases.compactMap { outcome in
            let count = samples.count { $0.outcome == outcome }
            return count > 0 ? (outcome, count) : nil
        }
    }

    /// How many runs crashed at each site (`NotificationService.swift:8`), most first.
    package var crashSites: [(site: String, count: Int)] {
        Dictionary(grouping: samples.compactMap(\.crashSite), by: { $0 }).map { ($0.key, $0.value.count) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.site < $1.site }
    }

    /// The deadline minus p99 of the time to the content handler: negative when p99 is
    /// past the deadline, nil when p99 is "never".
    package var headroomAtP99Ms: Double? { contentHandler.p99.map { deadlineMs - $0 } }

    /// True when at p99 the extension does not make the deadline: the handler came at or
    /// after it (from timeWillExpire, or in the grace) or never.
    package var exceedsDeadline: Bool {
        guard let p99 = contentHandler.p99 else { return !invokedSamples.isEmpty }
        return p99 >= deadlineMs
    }
}
