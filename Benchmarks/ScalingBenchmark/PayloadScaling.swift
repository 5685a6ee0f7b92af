import Foundation
import NSESimCore
import NSESimHost
import NSESimPayload

/// How the cost grows with the number of notifications: N copies of
/// Fixtures/payloads/alert-mutable.json through the Template example with
/// `NotificationRun.run`, a fresh process per notification, and with `reuseProcess`.
enum PayloadScaling {
    static let counts = [10, 100, 1000]

    /// Batches per count: the small ones are short, so repeated. The figures are means over
    /// every notification of the batches (a median of short batches against one long batch
    /// would favour the short ones on a machine whose load comes and goes).
    static func repeats(for count: Int) -> Int { count >= 1000 ? 1 : count >= 100 ? 3 : 10 }

    static func run(_ setup: ScalingSetup) async throws {
        let template = setup.root.appendingPathComponent("Plugins-Examples/Template").path
        _ = try await setup.builder.prepare(path: template)
        print("payload count 10 -> 1000: N copies of alert-mutable.json through Plugins-Examples/Template (NotificationRun.run)")
        // A warm-up, not counted.
        _ = try await measure(count: 10, reuse: false, template: template, setup: setup)
        for reuse in [false, true] {
            let mode = reuse ? "reuse" : "fresh"
            var perNotification: [Int: Double] = [:]
            for count in counts {
                var totals: [Double] = []
                var failed = 0
                for _ in 0..<repeats(for: count) {
                    let (seconds, failures) = try await measure(count: count, reuse: reuse, template: template, setup: setup)
                    totals.append(seconds)
                    failed += failures
                }
                let seconds = totals.reduce(0, +) / Double(totals.count)
                perNotification[count] = seconds * 1000 / Double(count)
                print(
                    label("  \(count) notifications, \(reuse ? "one reused process" : "a process each")", width: 46)
                        + String(
                            format: "%8.3f s   %6.2f ms per notification   (mean of %d)", seconds, seconds * 1000 / Double(count),
                            totals.count) + (failed > 0 ? "   \(failed) not modified" : ""))
                figure("scaling.payloads.\(mode).\(count).total_s", seconds)
                figure("scaling.payloads.\(mode).\(count).per_notification_ms", seconds * 1000 / Double(count))
                figure("scaling.payloads.\(mode).\(count).failed", Double(failed))
            }
            let growth = perNotification[counts.last!]! / perNotification[counts.first!]!
            print(String(format: "  ms per notification at %d / at %d: %.2fx (1.00x: linear)", counts.last!, counts.first!, growth))
            figure("scaling.payloads.\(mode).growth", growth)
        }
    }

    /// One batch: its wall time in seconds and how many notifications did not end `modified`.
    private static func measure(count: Int, reuse: Bool, template: String, setup: ScalingSetup) async throws -> (Double, Int) {
        var payloads: [ParsedPayload] = []
        for index in 0..<count { payloads.append(try setup.payload(name: "alert-mutable.json #\(index + 1)")) }
        let start = ContinuousClock.now
        let runs = try await NotificationRun.run(
            payloads: payloads, extensionPath: template, builder: setup.builder,
            configuration: RunConfiguration(), reuseProcess: reuse)
        let seconds = milliseconds(ContinuousClock.now - start) / 1000
        return (seconds, runs.count { $0.outcome != .modified })
    }
}
