import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimRuntime
import Synchronization

/// One seed payload: where it came from and its JSON (`{{server}}` not replaced).
package struct FuzzSeed: Sendable {
    /// The file or replay case it came from, as the user gave it.
    package var name: String
    package var payload: JSONValue

    package init(name: String, payload: JSONValue) {
        self.name = name
        self.payload = payload
    }
}

/// When to stop: after a number of runs, after a time, or when told (SIGINT).
package final class FuzzStop: Sendable {
    private let state = Mutex(false)

    package init() {}

    /// Stops the fuzzing: no run starts after this, and shrinking is skipped.
    package func stop() { state.withLock { $0 = true } }

    package var isStopped: Bool { state.withLock { $0 } }
}

/// Runs an extension on payloads made from seeds (docs/fuzz.md): the thin I/O layer over
/// ``PayloadMutator``, ``FuzzCampaign`` and ``FuzzShrinker``. Each run is a fresh extension
/// process (a warm one started while earlier runs ran) under the real lifecycle, with its own
/// app data and store; `jobs` run at once. Run `n`'s changes depend only on `--seed` and `n`,
/// and runs are recorded in their order, so the same seed gives the same findings.
package struct FuzzRunner: Sendable {
    package let seeds: [FuzzSeed]
    /// The pipeline every run copies: the extension, the limits, the app.
    package let base: PipelineConfiguration
    package let built: BuiltExtension
    package let toolchain: ExtensionToolchain
    /// The fixture server's address for `{{server}}`; nil without `--serve`.
    package let server: URL?
    package let servedFiles: [ServedFile]
    package let payloadOptions: PayloadOptions
    /// `--seed`.
    package let randomSeed: UInt64
    package let jobs: Int
    /// Where each run's app data and store go (a folder per run, removed after it).
    package let workDirectory: URL
    package var warm: WarmProcessPool?
    /// Runs each finding is shrunk with at most.
    package var shrinkBudget = 24
    /// With `--coverage`: where each run's counters are read from to guide the changes
    /// (``FuzzCorpus``); nil: the changes are not guided.
    package var coverage: CoverageCollection?

    package init(
        seeds: [FuzzSeed], base: PipelineConfiguration, built: BuiltExtension, toolchain: ExtensionToolchain,
        server: URL?, servedFiles: [ServedFile], payloadOptions: PayloadOptions = PayloadOptions(),
        randomSeed: UInt64, jobs: Int, workDirectory: URL
    ) {
        self.seeds = seeds
        self.base = base
        self.built = built
        self.toolchain = toolchain
        self.server = server
        self.servedFiles = servedFiles
        self.payloadOptions = payloadOptions
        self.randomSeed = randomSeed
        self.jobs = max(1, jobs)
        self.workDirectory = workDirectory
    }

    /// What one run came to.
    package enum RunResult: Sendable {
        /// APNs would refuse the payload (its message).
        case refused(String)
        case ran(FuzzRunSummary)
        /// The run could not be made (its message).
        case failed(String)
    }

    /// The mutators, one per seed.
    var mutators: [PayloadMutator] {
        seeds.map { PayloadMutator(seed: $0.payload, servedFiles: servedFiles, hasServer: server != nil) }
    }

    /// Runs each seed as it is, for the baseline the runs are compared with (with ``coverage``,
    /// what each reached).
    package func runSeeds() async -> [RunResult] {
        var results: [RunResult] = []
        for (index, seed) in seeds.enumerated() {
            results.append(await run(seed.payload, name: "seed-\(index)", folder: "seed-\(index)", readCoverage: true))
        }
        return results
    }

    /// How far past the lowest run not started a run may start (the runs ended but not yet
    /// recorded are kept until their turn).
    static let window = 1024

    /// The changes of run `index` and the seed they are made to: a function of `--seed`,
    /// `index` and the corpus entries it may start from (`corpus`, ``FuzzCorpus/available(to:)``)
    /// only. Without entries, the seeds in turn; with some (every other run, ``FuzzCorpus/mayStartFromCorpus(_:)``),
    /// a parent picked among the seeds and the entries: an entry's changes and one to three more
    /// stacked on them.
    package func plan(
        _ index: Int, mutators: [PayloadMutator], corpus: ArraySlice<FuzzCorpus.Entry> = []
    ) -> (seed: Int, mutations: [PayloadMutation]) {
        var random = SplitMix64(seed: randomSeed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        _ = random.next()
        if !corpus.isEmpty {
            // A parent among the seeds and the kept payloads, each as likely.
            let pick = Int(random.next() % UInt64(seeds.count + corpus.count))
            guard pick >= seeds.count else { return (pick, mutators[pick].mutations(using: &random)) }
            let parent = corpus[corpus.startIndex + pick - seeds.count]
            let payload = seeds[parent.seed].payload.applying(parent.mutations).value
            let mutator = PayloadMutator(seed: payload, servedFiles: servedFiles, hasServer: server != nil)
            return (parent.seed, FuzzCorpus.stack(mutator.mutations(using: &random), on: parent.mutations))
        }
        let seed = index % seeds.count
        return (seed, mutators[seed].mutations(using: &random))
    }

    /// Runs until `maxRuns` runs were made, `until` passes or `stop` is told, recording each in
    /// a campaign against the seeds' runs (`baselines`); then shrinks each finding unless stopped.
    /// With ``coverage``, each run's counters are recorded in a ``FuzzCorpus`` too, and later
    /// runs start from the payloads it keeps. `progress` is called after each run recorded.
    package func fuzz(
        baselines: [FuzzRunSummary], maxRuns: Int?, until: ContinuousClock.Instant?, stop: FuzzStop,
        progress: @escaping @Sendable (FuzzCampaign) -> Void = { _ in }
    ) async -> FuzzCampaign {
        let mutators = self.mutators
        var campaign = FuzzCampaign(seedPaths: seeds.map(\.payload.paths))
        var corpus = coverage.map { _ in FuzzCorpus(lag: FuzzCorpus.lag(jobs: jobs)) }
        for baseline in baselines { corpus?.recordSeed(baseline.counters) }
        func shouldStart(_ index: Int) -> Bool {
            if stop.isStopped { return false }
            if let maxRuns, index >= maxRuns { return false }
            if let until, ContinuousClock.now >= until { return false }
            return true
        }
        await withTaskGroup(of: (Int, RunResult, Int).self) { group in
            // The lowest run not started, and the runs after it started already: a run that
            // waits for the runs it may start from does not hold back the later runs that
            // start from the seeds (FuzzCorpus.mayStartFromCorpus).
            var next = 0
            var started: Set<Int> = []
            var inFlight = 0
            // Runs end out of order; they are recorded in order, so that the campaign is the same.
            var ended: [Int: (RunResult, Int)] = [:]
            var plans: [Int: (seed: Int, mutations: [PayloadMutation])] = [:]
            var recorded = 0
            // Records one run, in order.
            func record(_ index: Int, _ result: RunResult, size: Int) {
                let (seed, applied) = plans.removeValue(forKey: index)!
                var counters: ProfileCounters?
                switch result {
                case .refused: campaign.recordRefused()
                case .failed(let message): campaign.recordFailure(message)
                case .ran(let summary):
                    let finding = FuzzFinding.classify(summary, against: baselines[seed], mutations: applied)
                    campaign.record(run: index, seed: seed, mutations: applied, payloadSize: size, finding: finding)
                    if FuzzCorpus.counts(summary, finding: finding) { counters = summary.counters }
                }
                if corpus?.record(run: index, seed: seed, mutations: applied, counters: counters) == true {
                    campaign.recordKept()
                }
                if let corpus { campaign.recordCoverage(reached: corpus.reached.count, found: corpus.found) }
                progress(campaign)
            }
            // The run to start now: the lowest not started that may be planned (guided, one
            // that starts from the corpus waits until the runs it may start from are recorded),
            // at most `window` runs past the lowest not started.
            func nextIndex() -> Int? {
                var index = next
                while index < next + Self.window, shouldStart(index) {
                    if !started.contains(index), corpus?.canPlan(index) ?? true { return index }
                    index += 1
                }
                return nil
            }
            // Starts a run; false when none can start now.
            func schedule() -> Bool {
                guard let index = nextIndex() else { return false }
                started.insert(index)
                while started.remove(next) != nil { next += 1 }
                inFlight += 1
                let (seed, mutations) = plan(index, mutators: mutators, corpus: corpus?.available(to: index) ?? [])
                let (payload, applied) = seeds[seed].payload.applying(mutations)
                plans[index] = (seed, applied)
                group.addTask {
                    await prestart(index + jobs, mutators: mutators)
                    let size = payload.serializedString().utf8.count
                    let result = await run(payload, name: "fuzz-\(index)", folder: "run-\(index)", readCoverage: true)
                    return (index, result, size)
                }
                return true
            }
            while inFlight < jobs, schedule() {}
            while let (index, result, size) = await group.next() {
                inFlight -= 1
                var result = result
                // What it reached that is reached already stays reached: only the rest waits
                // for its turn to be recorded.
                if case .ran(var summary) = result, let corpus, let counters = summary.counters {
                    summary.counters?.reached = counters.reached.subtracting(corpus.reached)
                    result = .ran(summary)
                }
                ended[index] = (result, size)
                while let (result, size) = ended.removeValue(forKey: recorded) {
                    record(recorded, result, size: size)
                    recorded += 1
                }
                while inFlight < jobs, schedule() {}
            }
            // Stopped (the clock, SIGINT) while a run was still to start: the runs after it
            // that were made count all the same, in order; guidance is over (the corpus takes
            // runs without gaps only).
            corpus = nil
            for (index, (result, size)) in ended.sorted(by: { $0.key < $1.key }) { record(index, result, size: size) }
        }
        await warm?.endAll()
        guard !stop.isStopped else { return campaign }
        return await shrink(campaign, baselines: baselines, stop: stop)
    }

    /// Each finding shrunk (``FuzzShrinker``): findings `jobs` at a time, each one's tries in order.
    func shrink(_ campaign: FuzzCampaign, baselines: [FuzzRunSummary], stop: FuzzStop) async -> FuzzCampaign {
        var campaign = campaign
        let entries = campaign.sorted
        await withTaskGroup(of: (FuzzFinding.Signature, [PayloadMutation]).self) { group in
            var next = 0
            func schedule() {
                guard next < entries.count else { return }
                let entry = entries[next]
                next += 1
                group.addTask {
                    var shrinker = FuzzShrinker(entry.finding.mutations, budget: shrinkBudget)
                    var attempt = 0
                    while !stop.isStopped, let candidate = shrinker.next() {
                        let payload = seeds[entry.seed].payload.applying(candidate).value
                        let folder = "shrink-\(entry.firstRun)-\(attempt)"
                        attempt += 1
                        var reproduced = false
                        if case .ran(let summary) = await run(payload, name: folder, folder: folder) {
                            let again = FuzzFinding.classify(summary, against: baselines[entry.seed], mutations: candidate)
                            reproduced = again?.signature == entry.finding.signature
                        }
                        shrinker.record(reproduced: reproduced)
                    }
                    return (entry.finding.signature, shrinker.best)
                }
            }
            for _ in 0..<jobs { schedule() }
            while let (signature, best) = await group.next() {
                campaign.setShrunk(best, for: signature)
                schedule()
            }
        }
        return campaign
    }

    /// The pipeline of a run: the base one with the run's own app data and store, nothing into a center.
    func pipeline(folder: String) -> NotificationPipeline {
        var configuration = base
        let folder = workDirectory.appendingPathComponent(folder)
        configuration.storeRoot = folder.appendingPathComponent("store")
        configuration.dataDirectory = folder.appendingPathComponent("data")
        configuration.intoCenter = false
        configuration.warmProcesses = warm
        return NotificationPipeline(configuration, toolchain: toolchain, prebuilt: built)
    }

    /// Starts run `index`'s process now, while the runs before it run.
    private func prestart(_ index: Int, mutators: [PayloadMutator]) async {
        guard warm != nil, let seed = seeds.first,
            let payload = try? PayloadParser.parse(
                text: seed.payload.serializedString(), path: "seed.json", server: server, options: payloadOptions)
        else { return }
        await pipeline(folder: "run-\(index)").prestart(for: [payload])
    }

    /// One payload through the pipeline: refused as APNs would, or run; its folder removed after.
    /// With `readCoverage` and ``coverage``, the counters its process reached are read once it
    /// has ended (its profiles then renamed after `folder`).
    package func run(_ payload: JSONValue, name: String, folder: String, readCoverage: Bool = false) async -> RunResult {
        let parsed: ParsedPayload
        do {
            parsed = try PayloadParser.parse(
                text: payload.serializedString(), path: "\(name).json", server: server, options: payloadOptions)
        } catch {
            return .refused(error.description)
        }
        defer { try? FileManager.default.removeItem(at: workDirectory.appendingPathComponent(folder)) }
        do {
            let run = try await pipeline(folder: folder).deliver(parsed)
            var summary = FuzzRunSummary(run.report)
            summary.processIdentifier = run.extensionResult?.processIdentifier
            if readCoverage, let coverage, let pid = summary.processIdentifier {
                // A profile that cannot be read guides nothing: the run still counts as a run.
                summary.counters = try? await coverage.counters(ofProcess: pid, label: folder)
            }
            return .ran(summary)
        } catch {
            return .failed(error.description)
        }
    }
}
