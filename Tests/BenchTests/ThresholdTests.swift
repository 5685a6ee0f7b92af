import NSESimCore
import Testing

@testable import Bench

@Suite("--fail-if thresholds")
struct ThresholdTests {
    let late = group((0..<10).map { sample($0, handler: $0 < 9 ? 200 : 25_000, willExpire: false, attachments: 1) })

    @Test("times: 'p99 > 20s' holds when p99 is 25 s; 'p50 > 300ms' does not hold at 200 ms")
    func times() throws {
        #expect(try BenchThreshold("p99 > 20s").isCrossed(by: late))
        #expect(try BenchThreshold("p99>20").isCrossed(by: late))
        #expect(try !BenchThreshold("p50 > 300ms").isCrossed(by: late))
        #expect(try BenchThreshold("max >= 25 s").isCrossed(by: late))
        #expect(try BenchThreshold("headroom < 10s").isCrossed(by: late))
    }

    @Test("a handler never called is later than any time")
    func neverIsLate() throws {
        let never = group([sample(0, handler: nil, outcome: .originalTimeout, willExpire: true)])
        #expect(try BenchThreshold("p99 > 20s").isCrossed(by: never))
        #expect(try BenchThreshold("p50 > 1000s").isCrossed(by: never))
        #expect(try !BenchThreshold("p99 < 1s").isCrossed(by: never))
        #expect(try BenchThreshold("p99 > 20s").formattedMeasure(in: never) == "never")
        #expect(try BenchThreshold("original > 0").isCrossed(by: never))
        #expect(try BenchThreshold("original-timeout >= 1").isCrossed(by: never))
        #expect(try BenchThreshold("timeWillExpire > 0").isCrossed(by: never))
    }

    @Test("counts and shares of the runs")
    func counts() throws {
        let mixed = group((0..<10).map { sample($0, handler: $0 < 3 ? nil : 100, outcome: $0 < 3 ? .originalCrash : .modified) })
        #expect(try BenchThreshold("original > 2").isCrossed(by: mixed))
        #expect(try BenchThreshold("original > 20%").isCrossed(by: mixed))
        #expect(try !BenchThreshold("original > 30%").isCrossed(by: mixed))
        #expect(try BenchThreshold("original-crash == 3").isCrossed(by: mixed))
        #expect(try BenchThreshold("modified < 100%").isCrossed(by: mixed))
        #expect(try BenchThreshold("original > 20%").formattedMeasure(in: mixed) == "30% of 10 runs")
    }

    @Test("sizes: memory and bytes with units")
    func sizes() throws {
        let g = group([sample(0, handler: 10, bytes: 3_000_000, peak: 30_000_000, added: 25_000_000)])
        #expect(try BenchThreshold("added-memory > 24MB").isCrossed(by: g))
        #expect(try !BenchThreshold("peak-memory > 31MB").isCrossed(by: g))
        #expect(try BenchThreshold("bytes >= 3MB").isCrossed(by: g))
        #expect(try BenchThreshold("bytes > 2 MiB").isCrossed(by: g))
    }

    @Test(
        "a bad threshold says what is wrong",
        arguments: [
            ("p99 20s", "no comparison"),
            ("p98 > 1s", "unknown metric 'p98'"),
            ("p99 > fast", "'fast' is not a time"),
            ("original > many", "'many' is not a count"),
            ("attachments > 10%", "not of runs"),
            ("peak-memory > lots", "'lots' is not a size"),
        ])
    func badThreshold(expression: String, message: String) {
        #expect {
            try BenchThreshold(expression)
        } throws: { error in
            "\(error)".contains(message) && "\(error)".contains(expression)
        }
    }

    @Test("a report passes when no threshold holds, and names each crossing")
    func report() throws {
        let ok = group((0..<5).map { sample($0, handler: 100) }, network: "WiFi")
        let slow = group((0..<5).map { sample($0, handler: 30_010, outcome: .bestAttempt, willExpire: true) }, network: "Edge")
        let report = BenchReport(
            extensionPath: "X", runs: 5, deadlineMs: 30_000, graceMs: 2000, memoryLimitBytes: nil,
            groups: [ok, slow], thresholds: [try BenchThreshold("p99 > 20s")])
        #expect(!report.passed)
        #expect(report.crossings.count == 1)
        #expect(report.crossings[0].description == "--fail-if 'p99 > 20s' holds for p.json under Edge: p99 = 30.01 s")
        #expect(report.text.contains("thresholds crossed:"))
        let fine = BenchReport(
            extensionPath: "X", runs: 5, deadlineMs: 30_000, graceMs: 2000, memoryLimitBytes: nil,
            groups: [ok], thresholds: [try BenchThreshold("p99 > 20s")])
        #expect(fine.passed)
    }
}
