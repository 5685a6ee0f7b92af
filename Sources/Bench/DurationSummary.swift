/// Order statistics of times that may be missing ("never"): min, p50, p90, p99, max by the
/// nearest-rank method, with a missing time ranked above every real one. A content
/// handler that was never called is infinitely late, so one such run in a hundred makes
/// p99 "never".
package struct DurationSummary: Sendable, Equatable {
    /// Milliseconds; nil means never.
    package let min: Double?
    package let p50: Double?
    package let p90: Double?
    package let p99: Double?
    package let max: Double?
    /// How many values were missing.
    package let never: Int
    package let count: Int

    package init(_ values: [Double?]) {
        let finite = values.compactMap { $0 }.sorted()
        let total = values.count
        func rank(_ percent: Double) -> Double? {
            guard total > 0 else { return nil }
            let index = Swift.max(0, Int((percent / 100 * Double(total)).rounded(.up)) - 1)
            return index < finite.count ? finite[index] : nil
        }
        count = total
        never = total - finite.count
        min = rank(0)
        p50 = rank(50)
        p90 = rank(90)
        p99 = rank(99)
        max = total == 0 || finite.count < total ? nil : finite.last
    }

    /// The statistics by name, for thresholds and reports.
    package func value(_ name: Statistic) -> Double? {
        switch name {
        case .min: min
        case .p50: p50
        case .p90: p90
        case .p99: p99
        case .max: max
        }
    }

    /// The names of the statistics.
    package enum Statistic: String, CaseIterable, Sendable {
        case min, p50, p90, p99, max
    }
}
