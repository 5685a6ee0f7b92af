import Foundation
import NSESimCore
import NSESimHost
import Testing

@testable import Bench

/// The HTML report: self-contained, one set of charts per payload and network, and it
/// looks right in a real browser (Debian's chromium, headless, rendering it to a PNG).
@Suite("Bench HTML report")
struct HTMLReportTests {
    /// WiFi: fast runs with a download each; Edge: the handler from timeWillExpire, one run killed.
    static let report: BenchReport = {
        func withDownload(_ s: BenchSample, end: Double) -> BenchSample {
            BenchSample(
                index: s.index, outcome: s.outcome, contentHandlerMs: s.contentHandlerMs,
                timeWillExpireCalled: s.timeWillExpireCalled, attachmentsDelivered: s.attachmentsDelivered,
                attachmentsDropped: 0, bytesDownloaded: s.bytesDownloaded, peakMemoryBytes: s.peakMemoryBytes,
                addedMemoryBytes: s.addedMemoryBytes,
                timeline: s.timeline + (s.timeWillExpireCalled ? [TimelineEvent(tMs: 30_000, event: .timeWillExpire)] : []),
                downloads: [BenchSample.Download(target: "/photo-1mb.jpg", startMs: 4, endMs: end, bytes: 1_003_283)],
                errors: [])
        }
        let wifi = group(
            (0..<20).map {
                withDownload(sample($0, handler: 200 + Double($0 * 7), attachments: 1, bytes: 1_003_283), end: 190 + Double($0 * 7))
            })
        let edge = group(
            (0..<20).map { index in
                index == 19
                    ? withDownload(sample(index, handler: nil, outcome: .originalTimeout, willExpire: true, bytes: 960_000), end: 32_000)
                    : withDownload(
                        sample(index, handler: 30_002 + Double(index), outcome: .bestAttempt, willExpire: true, bytes: 900_000), end: 30_001
                    )
            }, network: "Edge")
        return BenchReport(
            extensionPath: "Plugins-Examples/ImageAttachment", runs: 20, deadlineMs: 30_000, graceMs: 2000,
            memoryLimitBytes: 24_000_000, groups: [wifi, edge], thresholds: [try! BenchThreshold("p99 > 20s")])
    }()

    @Test("self-contained: no script, no stylesheet, font or image from elsewhere")
    func selfContained() {
        let html = Self.report.html()
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("@import") && !html.contains("url("))
        #expect(!html.contains("<link") && !html.contains("<img"))
        let addresses = html.components(separatedBy: "http").dropFirst().map { "http" + $0.prefix(30) }
        #expect(addresses.allSatisfy { $0.hasPrefix("http://www.w3.org/2000/svg") }, "\(addresses)")
    }

    @Test("per network: a histogram with the deadline, a timeline of sample runs, the outcome counts")
    func charts() {
        let html = Self.report.html()
        #expect(html.components(separatedBy: "<section class=\"profile\">").count == 3)
        #expect(html.components(separatedBy: "aria-label=\"Histogram").count == 3 + 1)  // WiFi is zoomed as well
        #expect(html.components(separatedBy: "aria-label=\"Timeline").count == 3)
        #expect(html.components(separatedBy: "aria-label=\"Outcome counts").count == 3)
        #expect(html.contains("deadline 30.00 s"))
        #expect(html.contains("best-attempt: 19") && html.contains("original-timeout: 1"))
        #expect(html.contains("Thresholds crossed"))
        #expect(html.contains("download /photo-1mb.jpg"))
    }

    @Test("headless Chromium renders it: not blank, the bars, the deadline and the outcomes drawn")
    func rendersInChromium() throws {
        let html = BenchRun.scratchFile("report.html")
        let png = BenchRun.scratchFile("report.png")
        try Self.report.html().write(toFile: html, atomically: true, encoding: .utf8)
        let profile = BenchRun.scratchFile("chromium-profile")
        let browser = ["chromium", "chromium-browser", "google-chrome"].first { name in
            (try? runTool(["sh", "-c", "command -v \(name)"]))?.status == 0
        }
        let chromium = try #require(browser, "no chromium on PATH: `make test` installs Debian's chromium package")
        let render = try runTool([
            "timeout", "180", chromium, "--headless", "--no-sandbox", "--disable-gpu",
            "--hide-scrollbars", "--no-first-run", "--user-data-dir=\(profile)",
            "--window-size=1000,1600", "--screenshot=\(png)", "file://\(html)",
        ])
        #expect(FileManager.default.fileExists(atPath: png), "\(render)")
        let stats = try runTool([
            "python3", repositoryPath("Fixtures/tools/png-stats.py"), png,
            "#c0392b", "#3d6fc4", "#2e8b57",
        ])
        #expect(stats.status == 0, "\(stats)")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        #expect(figures["width"] as? Int == 1000)
        #expect((figures["colours"] as? Int ?? 0) > 50, "\(figures)")
        #expect((figures["inkShare"] as? Double ?? 0) > 0.03, "\(figures)")
        let colours = try #require(figures["colourPixels"] as? [String: Int])
        #expect((colours["#c0392b"] ?? 0) > 200, "deadline line and late rows: \(figures)")
        #expect((colours["#3d6fc4"] ?? 0) > 500, "histogram bars and downloads: \(figures)")
        #expect((colours["#2e8b57"] ?? 0) > 500, "the modified outcome: \(figures)")
    }
}
