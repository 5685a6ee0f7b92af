import Foundation
@testable import Bench
import NSESimCore
@_exported import NSESimTestSupport

/// One folder for the bench tests' nsesim processes: the build cache, the apps' data and
/// the temporary folder; removed when the test process exits.
enum BenchRun {
    static let folder: URL = {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-bench-tests-\(UUID().uuidString.prefix(8))")
        for sub in ["cache", "data", "tmp", "scratch"] {
            try! FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        pathToRemove = folder.path
        atexit {
            if let path = BenchRun.pathToRemove { try? FileManager.default.removeItem(atPath: path) }
        }
        return folder
    }()

    nonisolated(unsafe) private static var pathToRemove: String?

    static var environment: [String: String] {
        ["NSESIM_CACHE_DIR": folder.appendingPathComponent("cache").path,
         "NSESIM_DATA_DIR": folder.appendingPathComponent("data").path,
         "TMPDIR": folder.appendingPathComponent("tmp").path]
    }

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
func sample(_ index: Int, handler: Double?, outcome: Outcome = .modified, willExpire: Bool = false, attachments: Int = 0,
            bytes: Int = 0, peak: Int64 = 30_000_000, added: Int64 = 5_000_000) -> BenchSample {
    BenchSample(index: index, outcome: outcome, contentHandlerMs: handler, timeWillExpireCalled: willExpire,
                attachmentsDelivered: attachments, attachmentsDropped: 0, bytesDownloaded: bytes, peakMemoryBytes: peak,
                addedMemoryBytes: added,
                timeline: [TimelineEvent(tMs: 0, event: .didReceive)]
                    + (handler.map { [TimelineEvent(tMs: $0, event: .contentHandler)] } ?? [])
                    + [TimelineEvent(tMs: (handler ?? 32_000) + 1, event: .delivered)],
                downloads: [], errors: [])
}

func group(_ samples: [BenchSample], deadlineMs: Double = 30_000, network: String? = "WiFi") -> BenchGroup {
    BenchGroup(payload: "p.json", network: network, deadlineMs: deadlineMs, graceMs: 2000, memoryLimitBytes: nil,
               samples: samples)
}
