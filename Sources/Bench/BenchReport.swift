/// A finished bench: the groups, and the `--fail-if` thresholds checked against each.
import Foundation

package struct BenchReport: Sendable {
    /// One threshold that held (the bench fails) for one group.
    package struct Crossing: Sendable {
        package let threshold: BenchThreshold
        package let payload: String
        package let network: String
        /// The measured figure, as text: "30.01 s", "never", "3 of 10".
        package let measured: String

        package var description: String {
            "--fail-if '\(threshold.expression)' holds for \(payload) under \(network): \(measuredName) = \(measured)"
        }

        private var measuredName: String {
            threshold.expression.prefix { !"<>=!".contains($0) }.trimmingCharacters(in: .whitespaces)
        }
    }

    /// The extension as given.
    package let extensionPath: String
    package let runs: Int
    package let deadlineMs: Double
    package let graceMs: Double
    package let memoryLimitBytes: Int64?
    package let groups: [BenchGroup]
    package let thresholds: [BenchThreshold]
    /// Which path was measured: each run's process started while the run before it ran
    /// (`--warm`), or when its push came (cold, the default).
    package let warm: Bool

    package init(
        extensionPath: String, runs: Int, deadlineMs: Double, graceMs: Double, memoryLimitBytes: Int64?,
        groups: [BenchGroup], thresholds: [BenchThreshold], warm: Bool = false
    ) {
        self.warm = warm
        self.extensionPath = extensionPath
        self.runs = runs
        self.deadlineMs = deadlineMs
        self.graceMs = graceMs
        self.memoryLimitBytes = memoryLimitBytes
        self.groups = groups
        self.thresholds = thresholds
    }

    /// Every threshold that held, group by group.
    package var crossings: [Crossing] {
        groups.flatMap { group in
            thresholds.filter { $0.isCrossed(by: group) }.map {
                Crossing(
                    threshold: $0, payload: group.payload, network: group.networkName,
                    measured: $0.formattedMeasure(in: group))
            }
        }
    }

    /// True when no threshold held.
    package var passed: Bool { crossings.isEmpty }

    /// The network names in the order they ran.
    package var networks: [String] {
        var seen: [String] = []
        for group in groups where !seen.contains(group.networkName) { seen.append(group.networkName) }
        return seen
    }
}
