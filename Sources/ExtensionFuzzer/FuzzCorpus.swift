import NSESimHost
import NSESimRuntime

/// Coverage guidance (docs/fuzz.md#coverage-guidance): the counters of the extension's own
/// code the runs reached, and the payloads that were first to reach one (the corpus), which
/// later runs start from with changes stacked on theirs.
///
/// Pure: the runner records each run in index order with what it reached. Which entries run
/// `k` may start from depends only on the runs before `k − lag` (``available(to:)``), and such
/// a run is not planned until all of those are recorded (``canPlan(_:)``), so the runs are the
/// same whatever order they end in: the same `--seed`, the same runs, the same findings. Only
/// every other run may start from the corpus; the others start from the seeds and never wait.
package struct FuzzCorpus: Sendable {
    /// A payload kept: the run that reached code no earlier run had.
    package struct Entry: Sendable, Equatable {
        /// The run that reached it.
        package var run: Int
        /// The seed its changes are made to (an index into the seeds).
        package var seed: Int
        /// Its changes to the seed, in order.
        package var mutations: [PayloadMutation]
        /// How many counters it was the first to reach.
        package var newCounters: Int
    }

    /// How many runs back a kept payload becomes available: run `k` starts only from entries
    /// of runs before `k − lag`.
    package let lag: Int
    /// The payloads kept, in run order.
    package private(set) var entries: [Entry] = []
    /// The counters reached by the seeds and the runs recorded that count (``counts(_:finding:)``).
    package private(set) var reached: Set<ProfileCounter> = []
    /// The counters the extension's libraries have, reached or not (the most any run saw).
    package private(set) var found = 0
    /// Runs recorded: runs `0..<recorded`, in order.
    package private(set) var recorded = 0
    /// A payload with more changes than this is not kept (the changes would only pile up).
    package static let maximumChanges = 8

    /// The lag for `jobs` runs at once: 16, or twice `jobs` when that is more (so that up to 8
    /// jobs, the runs do not depend on `--jobs` either).
    package static func lag(jobs: Int) -> Int { max(16, 2 * jobs) }

    package init(lag: Int) {
        self.lag = max(0, lag)
    }

    /// The counters a seed's own run reached: none of them makes a run interesting.
    package mutating func recordSeed(_ counters: ProfileCounters?) {
        guard let counters else { return }
        reached.formUnion(counters.reached)
        found = max(found, counters.found)
    }

    /// Records run `index` (the next one: runs are recorded in order), made from seed `seed`
    /// with `mutations`; `counters` is what it reached (nil: nothing read, or a run that does
    /// not count). Returns true when it was kept: it reached a counter no earlier run had.
    @discardableResult
    package mutating func record(run index: Int, seed: Int, mutations: [PayloadMutation], counters: ProfileCounters?) -> Bool {
        precondition(index == recorded, "run \(index) recorded out of order (next: \(recorded))")
        recorded += 1
        guard let counters else { return false }
        found = max(found, counters.found)
        let new = counters.reached.subtracting(reached)
        guard !new.isEmpty else { return false }
        reached.formUnion(new)
        guard mutations.count <= Self.maximumChanges else { return false }
        entries.append(Entry(run: index, seed: seed, mutations: mutations, newCounters: new.count))
        return true
    }

    /// Whether run `index` may start from a kept payload: every other run (the odd ones). The
    /// others start from the seeds and never wait, so that a run stuck until the deadline does
    /// not hold the fuzzing back.
    package static func mayStartFromCorpus(_ index: Int) -> Bool {
        index % 2 == 1
    }

    /// Whether run `index` can be planned now: one that starts from the seeds always; one that
    /// may start from the corpus when every run before `index − lag` is recorded.
    package func canPlan(_ index: Int) -> Bool {
        !Self.mayStartFromCorpus(index) || recorded >= index - lag
    }

    /// The entries run `index` may start from: those of runs before `index − lag`, none for a
    /// run that starts from the seeds (call when ``canPlan(_:)`` is true, so that all of them
    /// are known).
    package func available(to index: Int) -> ArraySlice<Entry> {
        guard Self.mayStartFromCorpus(index) else { return [] }
        return entries.prefix { $0.run < index - lag }
    }

    /// Whether a run's counters count toward guidance: a run that went well (the handler
    /// called once, no finding). A finding is not kept: changes stacked on a crash find the
    /// crash again, and what a run cut short by a kill or the deadline reached depends on when
    /// it was cut. No margin is kept from the limits: a margin would only move the edge where
    /// a run goes either way, not remove it.
    package static func counts(_ run: FuzzRunSummary, finding: FuzzFinding?) -> Bool {
        finding == nil && (run.outcome == .modified || run.outcome == .filtered) && run.handlerCalls == 1
    }

    /// `new` made to a payload that already has `parent`'s changes: the parent's changes that
    /// a new one replaces (at its place or inside it) are left out, then the new ones follow.
    package static func stack(_ new: [PayloadMutation], on parent: [PayloadMutation]) -> [PayloadMutation] {
        parent.filter { old in !new.contains { old.path.isWithin($0.path) } } + new
    }
}
