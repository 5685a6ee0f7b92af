import NSESimRuntime

/// What a fuzzing run has found so far (docs/fuzz.md): the findings by kind and site, each
/// with how many runs showed it and the smallest payload that did; how often each key of the
/// seeds was changed and led to a finding; the runs made and the payloads APNs would refuse.
/// Pure: the runner records each run in order and the result does not depend on timing.
package struct FuzzCampaign: Sendable {
    /// One finding and what is known of it.
    package struct Entry: Sendable {
        package var finding: FuzzFinding
        /// The seed it came from (an index into the seeds).
        package var seed: Int
        package var count: Int
        /// The run that first showed it.
        package var firstRun: Int
        /// The size of the smallest payload that showed it, in bytes.
        package var payloadSize: Int
        /// The changes after shrinking (nil until shrunk).
        package var shrunk: [PayloadMutation]?
    }

    /// How one key of a seed fared.
    package struct KeyTally: Sendable, Equatable, Codable {
        /// The key's path (`aps.alert.title`, `unread`).
        package var path: String
        /// Runs that changed it.
        package var runs: Int
        /// Of those, runs that were findings.
        package var findings: Int
    }

    package private(set) var entries: [FuzzFinding.Signature: Entry] = [:]
    /// The seeds' keys, by seed, with their tallies (every key listed, changed or not).
    package private(set) var keys: [[String: KeyTally]]
    package private(set) var runs = 0
    /// Payloads APNs would refuse (over 4 KB, a type it does not take): never findings.
    package private(set) var refused = 0
    /// Runs that could not run at all (the extension process did not start), with why.
    package private(set) var failures: [String] = []
    /// With coverage guidance (``FuzzCorpus``): the payloads kept for reaching code no earlier
    /// run had, and the counters of the extension's own code reached and found; nil unguided.
    package private(set) var guidance: Guidance?

    /// What coverage guidance did.
    package struct Guidance: Sendable, Equatable {
        /// Payloads kept in the corpus.
        package var kept = 0
        /// Counters of the extension's own code reached by the seeds and the runs that count.
        package var countersReached = 0
        /// Counters its libraries have.
        package var countersFound = 0
    }

    /// A campaign over seeds whose keys are `seedPaths`.
    package init(seedPaths: [[PayloadPath]]) {
        keys = seedPaths.map { paths in
            Dictionary(
                paths.map { ($0.description, KeyTally(path: $0.description, runs: 0, findings: 0)) }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// Records run `index`, from seed `seed` with `mutations`, which came to `finding` (nil: nothing new).
    package mutating func record(run index: Int, seed: Int, mutations: [PayloadMutation], payloadSize: Int, finding: FuzzFinding?) {
        runs += 1
        for mutation in mutations {
            keys[seed][mutation.path.description, default: KeyTally(path: mutation.path.description, runs: 0, findings: 0)].runs += 1
            if finding != nil { keys[seed][mutation.path.description]?.findings += 1 }
        }
        guard let finding else { return }
        if var entry = entries[finding.signature] {
            entry.count += 1
            // The smallest payload, the earlier run on a tie: the same whatever order runs end in.
            if (payloadSize, mutations.count, index) < (entry.payloadSize, entry.finding.mutations.count, entry.firstRun) {
                entry.finding = finding
                entry.payloadSize = payloadSize
                entry.seed = seed
            }
            entry.firstRun = min(entry.firstRun, index)
            entries[finding.signature] = entry
        } else {
            entries[finding.signature] = Entry(finding: finding, seed: seed, count: 1, firstRun: index, payloadSize: payloadSize)
        }
    }

    /// Counts a payload coverage guidance kept.
    package mutating func recordKept() {
        guidance = guidance ?? Guidance()
        guidance?.kept += 1
    }

    /// The counters coverage guidance has seen reached, of those found.
    package mutating func recordCoverage(reached: Int, found: Int) {
        guidance = guidance ?? Guidance()
        guidance?.countersReached = reached
        guidance?.countersFound = found
    }

    /// Counts a payload APNs would refuse.
    package mutating func recordRefused() {
        refused += 1
    }

    /// Counts a run that could not run, with why.
    package mutating func recordFailure(_ message: String) {
        runs += 1
        if failures.count < 20 { failures.append(message) }
    }

    /// The shrunk changes of a finding.
    package mutating func setShrunk(_ mutations: [PayloadMutation], for signature: FuzzFinding.Signature) {
        entries[signature]?.shrunk = mutations
    }

    /// The findings, worst kind first, then by site.
    package var sorted: [Entry] {
        entries.values.sorted { $0.finding.signature < $1.finding.signature }
    }
}
