import Foundation
import NSESimCore
import NSESimHost
@_exported import NSESimTestSupport

@testable import Bench

/// The bench tests' folder (``TestRunFolder``): build cache, app data, TMPDIR, scratch.
enum BenchRun {
    static let run = TestRunFolder(prefix: "nsesim-bench-tests")
    static var folder: URL { run.url }
    static var environment: [String: String] { run.environment }

    /// A new file path in the scratch folder.
    static func scratchFile(_ name: String) -> String {
        folder.appendingPathComponent("scratch").appendingPathComponent("\(UUID().uuidString.prefix(6))-\(name)").path
    }

    /// `nsesim bench ARGUMENTS`.
    static func bench(_ arguments: [String]) async throws -> CLIResult {
        try await NSESimCommand.run(["bench"] + arguments, environment: environment)
    }
}

/// A sample made up for the statistics and threshold tests.
func sample(
    _ index: Int, handler: Double?, outcome: Outcome = .modified, willExpire: Bool = false, attachments: Int = 0,
    bytes: Int = 0, peak: Int64 = 30_000_000, added: Int64 = 5_000_000
) -> BenchSample {
    BenchSample(
        index: index, outcome: outcome, contentHandlerMs: handler, timeWillExpireCalled: willExpire,
        attachmentsDelivered: attachments, attachmentsDropped: 0, bytesDownloaded: bytes, peakMemoryBytes: peak,
        addedMemoryBytes: added,
        timeline: [TimelineEvent(tMs: 0, event: .didReceive)]
            + (handler.map { [TimelineEvent(tMs: $0, event: .contentHandler)] } ?? [])
            + [TimelineEvent(tMs: (handler ?? 32_000) + 1, event: .delivered)],
        downloads: [], errors: [])
}

func group(_ samples: [BenchSample], deadlineMs: Double = 30_000, network: String? = "WiFi") -> BenchGroup {
    BenchGroup(
        payload: "p.json", network: network, deadlineMs: deadlineMs, graceMs: 2000, memoryLimitBytes: nil,
        samples: samples)
}
