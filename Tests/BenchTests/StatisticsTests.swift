import NSESimCore
import Testing

@testable import Bench

@Suite("Bench statistics")
struct StatisticsTests {
    @Test("nearest-rank percentiles of 1...100 ms")
    func percentilesOfAHundred() {
        let summary = DurationSummary((1...100).map { Double($0) })
        #expect(summary.min == 1)
        #expect(summary.p50 == 50)
        #expect(summary.p90 == 90)
        #expect(summary.p99 == 99)
        #expect(summary.max == 100)
        #expect(summary.never == 0)
    }

    @Test("one value is every statistic; none gives no statistic")
    func smallSets() {
        let one = DurationSummary([42])
        #expect([one.min, one.p50, one.p90, one.p99, one.max] == [42, 42, 42, 42, 42])
        let none = DurationSummary([])
        #expect(none.p50 == nil && none.max == nil && none.count == 0)
    }

    @Test("a handler never called ranks above every time: 1 of 100 makes max never, p99 stays")
    func neverRanksLast() {
        let summary = DurationSummary((1...99).map { Double($0) } + [nil])
        #expect(summary.p99 == 99)
        #expect(summary.max == nil)
        #expect(summary.never == 1)
        let twoInHundred = DurationSummary((1...98).map { Double($0) } + [nil, nil])
        #expect(twoInHundred.p99 == nil)
        let half = DurationSummary([10, nil])
        #expect(half.p50 == 10)
        #expect(half.p90 == nil)
    }

    @Test("a group counts timeWillExpire, original deliveries, attachments, bytes and the outcomes")
    func groupFigures() {
        let g = group([
            sample(0, handler: 100, attachments: 1, bytes: 1000),
            sample(1, handler: 30_001, outcome: .bestAttempt, willExpire: true, attachments: 0, bytes: 500),
            sample(2, handler: nil, outcome: .originalTimeout, willExpire: true, bytes: 700, peak: 40_000_000, added: 9_000_000),
        ])
        #expect(g.timeWillExpireCount == 2)
        #expect(g.originalDeliveredCount == 1)
        #expect(g.attachmentsDelivered == 1)
        #expect(g.bytesDownloaded == 2200)
        #expect(g.peakMemoryBytes == 40_000_000)
        #expect(g.addedMemoryBytes == 9_000_000)
        #expect(g.outcomeCounts.map(\.outcome) == [.modified, .bestAttempt, .originalTimeout])
        #expect(g.contentHandler.p99 == nil)
        #expect(g.headroomAtP99Ms == nil)
        #expect(g.exceedsDeadline)
    }

    @Test("headroom is the deadline minus p99; a handler in timeWillExpire misses the deadline")
    func headroom() {
        let fast = group((0..<10).map { sample($0, handler: Double(100 + $0)) })
        #expect(fast.headroomAtP99Ms == Double(30_000 - 109))
        #expect(!fast.exceedsDeadline)
        #expect(fast.headroomText == "29.89 s")
        let late = group((0..<3).map { sample($0, handler: 30_004, outcome: .bestAttempt, willExpire: true) })
        #expect(late.headroomAtP99Ms == -4)
        #expect(late.exceedsDeadline)
        #expect(late.headroomText == "none (over by 4 ms)")
    }

    @Test("runs the gate refused have no time: they are left out of the statistics and time thresholds")
    func notInvoked() throws {
        let refused = group((0..<3).map { sample($0, handler: nil, outcome: .notInvoked) })
        #expect(refused.contentHandler.count == 0)
        #expect(!refused.exceedsDeadline)
        #expect(refused.headroomText == "— (not invoked)")
        #expect(try !BenchThreshold("p99 > 20s").isCrossed(by: refused))
        #expect(try BenchThreshold("original >= 100%").isCrossed(by: refused))
        #expect(try BenchThreshold("not-invoked == 3").isCrossed(by: refused))
    }
}
