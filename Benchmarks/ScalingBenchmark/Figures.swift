import Bench
import Foundation
import NSESimRuntime

/// A machine-readable figure: `figure KEY VALUE`, read by Benchmarks/performance.py.
func figure(_ key: String, _ value: Double) {
    print("figure \(key) \(value.isFinite ? String(format: "%.4f", value) : "nan")")
}

/// Milliseconds of a duration.
func milliseconds(_ duration: Duration) -> Double { duration.exactMilliseconds }

/// The median (p50 by nearest rank, as everywhere in nsesim's figures); nan when empty.
func median(_ values: [Double]) -> Double {
    DurationSummary(values.map { Optional($0) }).p50 ?? .nan
}

/// A row label padded to a column.
func label(_ text: String, width: Int = 40) -> String {
    text.padding(toLength: width, withPad: " ", startingAt: 0)
}
