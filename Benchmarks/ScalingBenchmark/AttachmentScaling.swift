import FixtureServer
import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimStore

/// How a run's cost grows with its attachments: the Downloader example (NSESimDownloader,
/// the downloads in parallel) fetching N small media files of Fixtures/media from an
/// in-process FixtureServer without a network profile, then the checks after the
/// extension and the move into a store of the run's own.
enum AttachmentScaling {
    /// Small samples of several kinds (0.5 to 4 KB), the first N of them per run.
    static let samples = [
        "sample.jpg", "sample.png", "sample.gif", "sample.mp3",
        "sample.m4a", "sample.wav", "sample.mp4", "sample.m4v",
    ]
    static let counts = [1, 2, 4, 8]

    static func run(_ setup: ScalingSetup, runs: Int) async throws {
        let built = try await setup.builder.prepare(path: setup.root.appendingPathComponent("Plugins-Examples/Downloader").path)
        let server = FixtureServer(root: setup.root.appendingPathComponent("Fixtures/media"))
        let base = try await server.start()
        defer { Task { await server.stop() } }

        var payloads: [Int: ParsedPayload] = [:]
        for count in counts {
            let urls = samples.prefix(count).map { base.appendingPathComponent($0).absoluteString }
            payloads[count] = try setup.payload(adding: ["media": urls], name: "alert-mutable.json + \(count) media")
        }

        print("attachments 1 -> 8: Plugins-Examples/Downloader, N small files of Fixtures/media from an in-process")
        print("FixtureServer (no profile), a fresh process and store per run, \(runs) runs per N (interleaved)")
        var handler: [Int: [Double]] = [:]
        var total: [Int: [Double]] = [:]
        var start: [Int: [Double]] = [:]
        var after: [Int: [Double]] = [:]
        var failures: [Int: Int] = [:]
        // One run of each first (page cache, the server's first connection), not counted.
        for round in -1..<runs {
            for count in counts {
                let measured = await runOnce(payloads[count]!, expecting: count, built: built, setup: setup)
                guard round >= 0 else { continue }
                guard let measured else {
                    failures[count, default: 0] += 1
                    continue
                }
                handler[count, default: []].append(measured.handlerMs)
                total[count, default: []].append(measured.totalMs)
                start[count, default: []].append(measured.startMs)
                after[count, default: []].append(measured.totalMs - measured.startMs - measured.handlerMs)
            }
        }
        await server.stop()

        let handlerOne = median(handler[1] ?? [])
        let totalOne = median(total[1] ?? [])
        for count in counts {
            let handlerMs = median(handler[count] ?? [])
            let totalMs = median(total[count] ?? [])
            var line =
                label("  \(count) attachment\(count == 1 ? "" : "s")", width: 18)
                + String(format: "didReceive -> content handler p50 %7.2f ms   total per run p50 %7.2f ms", handlerMs, totalMs)
            if count > 1 {
                line += String(
                    format: "   (%+.2f / %+.2f ms per added attachment)",
                    (handlerMs - handlerOne) / Double(count - 1), (totalMs - totalOne) / Double(count - 1))
            }
            if let failed = failures[count] { line += "   \(failed) runs failed and are left out" }
            print(line)
            print(
                String(repeating: " ", count: 18)
                    + String(
                        format: "of which spawn -> didReceive p50 %.2f ms, content handler -> run returned p50 %.2f ms",
                        median(start[count] ?? []), median(after[count] ?? [])))
            figure("scaling.attachments.\(count).handler_ms", handlerMs)
            figure("scaling.attachments.\(count).total_ms", totalMs)
            figure("scaling.attachments.\(count).start_ms", median(start[count] ?? []))
            figure("scaling.attachments.\(count).after_handler_ms", median(after[count] ?? []))
            figure("scaling.attachments.\(count).failed", Double(failures[count] ?? 0))
        }
        // The increment per attachment: the least-squares slope through the medians of every N.
        let handlerIncrement = slope(counts.map { (Double($0), median(handler[$0] ?? [])) })
        let totalIncrement = slope(counts.map { (Double($0), median(total[$0] ?? [])) })
        print(
            String(
                format: "  per added attachment (least-squares slope, 1 -> 8): %+.2f ms to the content handler, %+.2f ms per run",
                handlerIncrement, totalIncrement))
        figure("scaling.attachments.runs", Double(runs))
        figure("scaling.attachments.handler_increment_ms", handlerIncrement)
        figure("scaling.attachments.total_increment_ms", totalIncrement)
    }

    /// The least-squares slope of y over x.
    static func slope(_ points: [(x: Double, y: Double)]) -> Double {
        let n = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.x } / n
        let meanY = points.reduce(0) { $0 + $1.y } / n
        let covariance = points.reduce(0) { $0 + ($1.x - meanX) * ($1.y - meanY) }
        let variance = points.reduce(0) { $0 + ($1.x - meanX) * ($1.x - meanX) }
        return variance > 0 ? covariance / variance : .nan
    }

    /// One notification: milliseconds from didReceive to the content handler, from the
    /// spawn to the run's end (attachments checked and stored, container removed), and
    /// from the spawn to didReceive; nil when the run did not deliver every attachment.
    private static func runOnce(
        _ payload: ParsedPayload, expecting count: Int, built: BuiltExtension,
        setup: ScalingSetup
    ) async -> (handlerMs: Double, totalMs: Double, startMs: Double)? {
        let folder = setup.work.appendingPathComponent("run-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = AppData.defaultBundleIdentifier
        var configuration = RunConfiguration()
        configuration.environment =
            AppData(
                bundleIdentifier: bundle,
                environment: ["NSESIM_DATA_DIR": folder.appendingPathComponent("data").path]
            ).environment
        let delivery = AttachmentDelivery(store: AttachmentStore(root: folder.appendingPathComponent("store"), bundleIdentifier: bundle))
        let runner = ExtensionRunner(built: built, toolchain: setup.toolchain, configuration: configuration, delivery: delivery)
        let start = ContinuousClock.now
        let result = await runner.run(ExtensionRequest(payload.request))
        let totalMs = milliseconds(ContinuousClock.now - start)
        guard result.outcome == .modified, result.attachments.count == count,
            let handler = result.timeline.first(where: { $0.event == .contentHandler }),
            let didReceiveAt = result.didReceiveAt
        else {
            print(
                "  unexpected run with \(count) attachments: \(result.outcome.rawValue), \(result.attachments.count) attachments, "
                    + "\(result.attachmentFailures) \(result.errors)")
            return nil
        }
        return (handler.tMs, totalMs, milliseconds(didReceiveAt - start))
    }
}
