import Foundation
import NSESimHost
import NSESimPayload
import NSESimRuntime
import Testing

@testable import ExtensionFuzzer

// In-process tests of the fuzzer's pure parts: the mutator, the classification of runs, the
// campaign and the shrinker. `FuzzCommandTests` runs `nsesim fuzz` itself on real extensions.

private let seed: JSONValue = try! JSONValue.parse(
    Data(
        #"""
        {"aps": {"alert": {"title": "Alice", "body": "Are we still on for lunch?"}, "mutable-content": 1, "thread-id": "chat-42"},
         "sender": "Alice", "unread": "3", "avatar-url": "{{server}}/sample.jpg", "tags": ["a", "b"]}
        """#.utf8))

private let served = [
    ServedFile(name: "sample.jpg", size: 1397), ServedFile(name: "sample.wav", size: 4078),
    ServedFile(name: "photo-1mb.jpg", size: 1_003_283),
]

@Suite("PayloadMutator")
struct PayloadMutatorTests {
    @Test("the same generator state gives the same changes; another seed other ones")
    func deterministic() {
        let mutator = PayloadMutator(seed: seed, servedFiles: served, hasServer: true)
        func plan(_ value: UInt64) -> [[PayloadMutation]] {
            var random = SplitMix64(seed: value)
            return (0..<50).map { _ in mutator.mutations(using: &random) }
        }
        #expect(plan(1) == plan(1))
        #expect(plan(1) != plan(2))
    }

    @Test("changes stay within APNs's 4 KB, at distinct places, one to three at a time")
    func withinLimits() throws {
        let mutator = PayloadMutator(seed: seed, servedFiles: served, hasServer: true)
        var random = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let mutations = mutator.mutations(using: &random)
            #expect((1...3).contains(mutations.count))
            for (index, one) in mutations.enumerated() {
                for other in mutations[(index + 1)...] { #expect(!one.path.isWithin(other.path) && !other.path.isWithin(one.path)) }
            }
            let text = seed.applying(mutations).value.serializedString()
            let filled = ServerPlaceholder.fill(text, server: URL(string: "http://127.0.0.1:65535")!)
            #expect(filled.utf8.count <= 4096, "\(mutations)")
        }
    }

    @Test("a seed of any Unicode: long values cut at a scalar's end, within the limit")
    func unicodeSeed() {
        let unicode: JSONValue = .object([
            "aps": .object([
                "alert": .object(["title": .string("Crème brûlée"), "body": .string("👨‍👩‍👧‍👦 é\u{301}")]), "mutable-content": .integer(1),
            ]),
            "sender": .string("Zoë 💬"),
        ])
        let mutator = PayloadMutator(seed: unicode)
        for path in unicode.paths {
            for mutation in mutator.menu(at: path) where mutation.kind == .long {
                guard case .set(.string(let text)) = mutation.change else { continue }
                #expect(text.utf8.count <= 3800 && text.utf8.count > 3000, "\(path)")
            }
        }
    }

    @Test("the menus: each type's changes, URLs at the fixture server's faults, aps as APNs allows")
    func menus() {
        let mutator = PayloadMutator(seed: seed, servedFiles: served, hasServer: true)
        let unread = mutator.menu(at: PayloadPath([.key("unread")]))
        #expect(unread.contains { $0.change == .remove })
        #expect(unread.contains { $0.change == .set(.null) })
        #expect(unread.contains { $0.change == .set(.integer(3)) && $0.description == #""unread": 3 (a number where the seed had "3")"# })
        #expect(unread.contains { $0.kind == .long })
        #expect(unread.contains { $0.change == .set(.string("a\u{0}b")) })
        let url = mutator.menu(at: PayloadPath([.key("avatar-url")])).compactMap { mutation -> String? in
            if case .set(.string(let text)) = mutation.change { return text }
            return nil
        }
        #expect(url.contains("{{server}}/nsesim-fuzz-missing.jpg"))
        #expect(url.contains("{{server}}/sample.jpg?stall=1"))
        #expect(url.contains("{{server}}/sample.wav"))  // another type
        #expect(url.contains("{{server}}/photo-1mb.jpg"))  // very large
        #expect(url.contains("not a url"))
        let noServer = PayloadMutator(seed: seed).menu(at: PayloadPath([.key("avatar-url")]))
        #expect(!noServer.contains { $0.kind == .url && $0.change.serverURL })
        let mutable = mutator.menu(at: PayloadPath([.key("aps"), .key("mutable-content")]))
        #expect(mutable.contains { $0.change == .set(.string("1")) })
        let alert = mutator.menu(at: PayloadPath([.key("aps"), .key("alert")]))
        #expect(alert.contains { $0.change == .set(.string("Are we still on for lunch?")) })
        #expect(alert.contains { $0.change == .remove })
        #expect(!mutator.menu(at: PayloadPath([.key("aps")])).contains { $0.change == .remove })
    }

    @Test("paths and applying: nested keys, array items, a change under a removed parent is left out")
    func applying() {
        #expect(seed.paths.map(\.description).contains("aps.alert.title"))
        #expect(seed.paths.map(\.description).contains("tags[1]"))
        let removed = PayloadMutation(path: PayloadPath([.key("aps"), .key("alert")]), change: .remove, kind: .removed, note: "")
        let inside = PayloadMutation(
            path: PayloadPath([.key("aps"), .key("alert"), .key("title")]), change: .set(.integer(1)), kind: .otherType, note: "")
        let (value, applied) = seed.applying([removed, inside])
        #expect(applied == [removed])
        #expect(value["aps"]?["alert"] == nil)
        #expect(value["sender"] == .string("Alice"))
    }
}

extension PayloadMutation.Change {
    /// True for a new value that names the fixture server.
    var serverURL: Bool {
        if case .set(.string(let text)) = self { return text.contains("{{server}}") }
        return false
    }
}

@Suite("FuzzFinding")
struct FuzzFindingTests {
    let good = FuzzRunSummary(outcome: .modified)

    @Test("each kind against a seed that went well; not-invoked is never a finding")
    func kinds() {
        var crash = FuzzRunSummary(outcome: .originalCrash)
        crash.crashSite = "NotificationService.swift:18"
        #expect(
            FuzzFinding.classify(crash, against: good, mutations: [])?.signature
                == .init(kind: .crash, site: "NotificationService.swift:18"))
        #expect(FuzzFinding.classify(FuzzRunSummary(outcome: .killedMemory), against: good, mutations: [])?.signature.kind == .memoryKill)
        #expect(FuzzFinding.classify(FuzzRunSummary(outcome: .bestAttempt), against: good, mutations: [])?.signature.kind == .deadline)
        var stuck = FuzzRunSummary(outcome: .originalTimeout)
        #expect(FuzzFinding.classify(stuck, against: good, mutations: [])?.signature.kind == .handlerNeverCalled)
        stuck.hangSite = "NotificationService.swift:40"
        #expect(
            FuzzFinding.classify(stuck, against: good, mutations: [])?.signature
                == .init(kind: .deadline, site: "NotificationService.swift:40"))
        #expect(
            FuzzFinding.classify(FuzzRunSummary(outcome: .modified, handlerCalls: 2), against: good, mutations: [])?.signature.kind
                == .handlerCalledTwice)
        let refused = FuzzRunSummary(outcome: .modified, attachmentErrors: ["attachmentInvalidFileSize"])
        #expect(
            FuzzFinding.classify(refused, against: good, mutations: [])?.signature
                == .init(kind: .attachmentRefused, site: "attachmentInvalidFileSize"))
        #expect(FuzzFinding.classify(FuzzRunSummary(outcome: .filtered), against: good, mutations: [])?.signature.kind == .filtered)
        #expect(
            FuzzFinding.classify(FuzzRunSummary(outcome: .modified, shows: false), against: good, mutations: [])?.signature.kind == .empty)
        // Empty because the payload itself shows nothing: not the extension's doing.
        #expect(
            FuzzFinding.classify(FuzzRunSummary(outcome: .modified, shows: false, payloadShows: false), against: good, mutations: []) == nil
        )
        #expect(FuzzFinding.classify(FuzzRunSummary(outcome: .notInvoked, handlerCalls: 0), against: good, mutations: []) == nil)
        #expect(FuzzFinding.classify(good, against: good, mutations: []) == nil)
    }

    @Test("a seed that fails already: the same failure is no finding, a worse one is")
    func failingSeed() {
        let slow = FuzzRunSummary(outcome: .bestAttempt)
        #expect(slow.failure?.contains("deadline") == true)
        #expect(good.failure == nil)
        #expect(FuzzFinding.classify(FuzzRunSummary(outcome: .bestAttempt), against: slow, mutations: []) == nil)
        #expect(FuzzFinding.classify(FuzzRunSummary(outcome: .originalCrash), against: slow, mutations: [])?.signature.kind == .crash)
    }

    @Test("the campaign: one finding per kind and site, counted, with the smallest payload, whatever the order")
    func campaign() {
        var crash = FuzzRunSummary(outcome: .originalCrash)
        crash.crashSite = "NotificationService.swift:18"
        let small = PayloadMutation(path: PayloadPath([.key("sender")]), change: .remove, kind: .removed, note: "")
        let large = PayloadMutation(path: PayloadPath([.key("sender")]), change: .set(.integer(3)), kind: .otherType, note: "")
        func finding(_ mutation: PayloadMutation) -> FuzzFinding? { FuzzFinding.classify(crash, against: good, mutations: [mutation]) }
        var campaign = FuzzCampaign(seedPaths: [seed.paths])
        campaign.record(run: 0, seed: 0, mutations: [large], payloadSize: 200, finding: finding(large))
        campaign.record(run: 1, seed: 0, mutations: [small], payloadSize: 150, finding: finding(small))
        campaign.record(run: 2, seed: 0, mutations: [small], payloadSize: 150, finding: nil)
        campaign.recordRefused()
        #expect(campaign.runs == 3)
        #expect(campaign.refused == 1)
        #expect(campaign.sorted.count == 1)
        #expect(campaign.sorted[0].count == 2)
        #expect(campaign.sorted[0].firstRun == 0)
        #expect(campaign.sorted[0].finding.mutations == [small])
        #expect(campaign.keys[0]["sender"] == FuzzCampaign.KeyTally(path: "sender", runs: 3, findings: 2))
        #expect(campaign.keys[0]["aps.alert.title"]?.runs == 0)
    }
}

@Suite("FuzzShrinker")
struct FuzzShrinkerTests {
    let a = PayloadMutation(path: PayloadPath([.key("a")]), change: .remove, kind: .removed, note: "")
    let b = PayloadMutation(path: PayloadPath([.key("b")]), change: .set(.null), kind: .null, note: "")
    let long = PayloadMutation(
        path: PayloadPath([.key("c")]), change: .set(.string(String(repeating: "x", count: 1000))), kind: .long,
        note: "1,000 characters where the seed had \"c\"")

    /// Runs the shrinker with `reproduces` standing for the extension.
    func shrink(_ mutations: [PayloadMutation], budget: Int = 24, reproduces: ([PayloadMutation]) -> Bool) -> FuzzShrinker {
        var shrinker = FuzzShrinker(mutations, budget: budget)
        while let candidate = shrinker.next() { shrinker.record(reproduced: reproduces(candidate)) }
        return shrinker
    }

    @Test("drops the changes the finding does not need")
    func drops() {
        let shrunk = shrink([a, b, long]) { candidate in candidate.contains { $0.path == b.path } }
        #expect(shrunk.best == [b])
    }

    @Test("halves a long value while the finding stays, and the note follows")
    func halves() {
        let shrunk = shrink([a, long]) { candidate in
            guard case .set(.string(let text))? = candidate.first(where: { $0.path == long.path })?.change else { return false }
            return text.count >= 100
        }
        #expect(shrunk.best.count == 1)
        guard case .set(.string(let text)) = shrunk.best[0].change else {
            Issue.record("not a string")
            return
        }
        #expect(text.count == 125)
        #expect(shrunk.best[0].note.hasPrefix("125 characters"))
    }

    @Test("stops at its budget; a single short change is left as it is")
    func budget() {
        #expect(shrink([a, b, long], budget: 2) { _ in true }.attempts == 2)
        let single = shrink([a]) { _ in true }
        #expect(single.best == [a])
        #expect(single.attempts == 0)
    }
}

@Suite("FuzzCorpus")
struct FuzzCorpusTests {
    let sender = PayloadMutation(path: PayloadPath([.key("sender")]), change: .remove, kind: .removed, note: "")
    let unread = PayloadMutation(path: PayloadPath([.key("unread")]), change: .set(.null), kind: .null, note: "")

    /// Counters `indices` of one function, of `found` in all.
    func counters(_ indices: [Int], found: Int = 10) -> ProfileCounters {
        ProfileCounters(reached: Set(indices.map { ProfileCounter(function: "didReceive", index: $0) }), found: found)
    }

    @Test("a run is kept when it reaches a counter neither the seeds nor an earlier run reached")
    func admission() {
        var corpus = FuzzCorpus(lag: 0)
        corpus.recordSeed(counters([0, 1, 2]))
        var kept: [Bool] = []
        kept.append(corpus.record(run: 0, seed: 0, mutations: [sender], counters: counters([0, 1])))
        kept.append(corpus.record(run: 1, seed: 0, mutations: [unread], counters: counters([0, 3, 4])))
        kept.append(corpus.record(run: 2, seed: 0, mutations: [sender], counters: counters([3])))
        kept.append(corpus.record(run: 3, seed: 0, mutations: [sender], counters: nil))  // refused, a finding, not read
        let many = Array(repeating: sender, count: FuzzCorpus.maximumChanges + 1)
        kept.append(corpus.record(run: 4, seed: 0, mutations: many, counters: counters([5])))
        #expect(kept == [false, true, false, false, false])
        #expect(corpus.entries == [FuzzCorpus.Entry(run: 1, seed: 0, mutations: [unread], newCounters: 2)])
        #expect(corpus.reached.count == 6)  // run 4's counter counts, its payload is not kept
        #expect(corpus.found == 10)
        #expect(corpus.recorded == 5)
    }

    @Test("every other run may start from the corpus: only from entries of runs before k − lag, once all of those are recorded")
    func lag() {
        var corpus = FuzzCorpus(lag: 4)
        #expect(FuzzCorpus.lag(jobs: 2) == 16)
        #expect(FuzzCorpus.lag(jobs: 12) == 24)
        #expect((0...20).filter(FuzzCorpus.mayStartFromCorpus) == [1, 3, 5, 7, 9, 11, 13, 15, 17, 19])
        #expect(corpus.canPlan(3))
        #expect(!corpus.canPlan(5))  // run 0 is not recorded
        #expect(corpus.canPlan(6) && corpus.canPlan(100))  // from the seeds: never waits
        corpus.record(run: 0, seed: 0, mutations: [sender], counters: counters([1]))
        #expect(corpus.canPlan(5))
        #expect(corpus.available(to: 3).isEmpty)
        #expect(corpus.available(to: 5).map(\.run) == [0])
        #expect(corpus.available(to: 6).isEmpty)
        corpus.record(run: 1, seed: 0, mutations: [unread], counters: counters([2]))
        #expect(corpus.available(to: 5).map(\.run) == [0])
        #expect(corpus.available(to: 7).map(\.run) == [0, 1])
    }

    @Test("the same entries whatever order the runs end in")
    func orderIndependent() {
        // A stand-in for the runner: it starts the lowest run not started that can be planned,
        // run k's plan is the entry it starts from, what it reaches a function of its plan;
        // runs end in an order `order` picks among those in flight.
        func campaign(jobs: Int, order: (inout SplitMix64, Int) -> Int, seed: UInt64) -> [FuzzCorpus.Entry] {
            var corpus = FuzzCorpus(lag: FuzzCorpus.lag(jobs: jobs))
            var random = SplitMix64(seed: seed)
            var inFlight: [Int: ProfileCounters] = [:]
            var ended: [Int: ProfileCounters] = [:]
            var started: Set<Int> = []
            let total = 300
            while corpus.recorded < total {
                while inFlight.count < jobs,
                    let next = (0..<total).first(where: { !started.contains($0) && corpus.canPlan($0) })
                {
                    started.insert(next)
                    let available = corpus.available(to: next)
                    let parent = available.isEmpty ? -1 : available[available.startIndex + next % available.count].run
                    inFlight[next] = counters([(parent &* 31 &+ next) % 97], found: 97)
                }
                let running = inFlight.keys.sorted()
                let done = running[order(&random, running.count)]
                ended[done] = inFlight.removeValue(forKey: done)
                while let reached = ended.removeValue(forKey: corpus.recorded) {
                    corpus.record(run: corpus.recorded, seed: 0, mutations: [sender], counters: reached)
                }
            }
            return corpus.entries
        }
        let inOrder = campaign(jobs: 3, order: { _, _ in 0 }, seed: 1)
        #expect(inOrder.count > 10)
        #expect(campaign(jobs: 3, order: { random, count in Int(random.next() % UInt64(count)) }, seed: 2) == inOrder)
        #expect(campaign(jobs: 3, order: { _, count in count - 1 }, seed: 3) == inOrder)
        #expect(campaign(jobs: 8, order: { random, count in Int(random.next() % UInt64(count)) }, seed: 4) == inOrder)
    }

    @Test("what counts toward guidance: a run that went well")
    func counts() {
        let good = FuzzRunSummary(outcome: .modified)
        #expect(FuzzCorpus.counts(good, finding: nil))
        #expect(FuzzCorpus.counts(FuzzRunSummary(outcome: .filtered), finding: nil))
        var crash = FuzzRunSummary(outcome: .originalCrash)
        crash.crashSite = "NotificationService.swift:21"
        let finding = FuzzFinding.classify(crash, against: good, mutations: [sender])
        #expect(!FuzzCorpus.counts(crash, finding: finding))
        // Against a seed that fails already, the same failure is no finding, and still no run that went well.
        #expect(!FuzzCorpus.counts(FuzzRunSummary(outcome: .bestAttempt), finding: nil))
        #expect(!FuzzCorpus.counts(FuzzRunSummary(outcome: .notInvoked, handlerCalls: 0), finding: nil))
    }

    @Test("changes stacked on a kept payload's: a parent's change the new one replaces is left out")
    func stacking() {
        let alert = PayloadMutation(path: PayloadPath([.key("aps"), .key("alert")]), change: .set(.string("x")), kind: .aps, note: "")
        let body = PayloadMutation(
            path: PayloadPath([.key("aps"), .key("alert"), .key("body")]), change: .set(.string("")), kind: .empty, note: "")
        #expect(FuzzCorpus.stack([unread], on: [sender]) == [sender, unread])
        #expect(FuzzCorpus.stack([alert], on: [body, sender]) == [sender, alert])
        #expect(FuzzCorpus.stack([body], on: [alert]) == [alert, body])
    }
}

@Suite("ProfileCounters")
struct ProfileCountersTests {
    @Test("llvm-profdata show --counts: each function's entry and block counters, those that ran")
    func parse() {
        // Real output of the toolchain's llvm-profdata on a continuous-mode raw profile.
        let text = """
            Counters:
              a.swift:main:
                Hash: 0x0000000000000000
                Counters: 4
                Function count: 1
                Block counts: [1, 1, 0]
              a.swift:$s1a1fyS2iF:
                Hash: 0x0000000000000000
                Counters: 2
                Function count: 1
                Block counts: [0]
              $s1a4neveryyF:
                Hash: 0x0000000000000000
                Counters: 1
                Function count: 0
                Block counts: []
            Instrumentation level: Front-end
            Functions shown: 3
            Total functions: 3
            Maximum function count: 1
            """
        let counters = ProfileCounters.parse(text)
        #expect(counters.found == 7)
        #expect(
            counters.reached.sorted() == [
                ProfileCounter(function: "a.swift:$s1a1fyS2iF", index: 0), ProfileCounter(function: "a.swift:main", index: 0),
                ProfileCounter(function: "a.swift:main", index: 1), ProfileCounter(function: "a.swift:main", index: 2),
            ])
    }
}
