import Foundation
import NSESimRuntime
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimHost

/// Warm processes on the slot's state machine alone: every path of a process
/// started before its notification, without a process and without a clock. Real processes
/// (the `nsesim` binary) run them in `WarmProcessTests` (NSESimCoreExtensionTests).
@Suite("Warm slot state machine")
struct WarmSlotStateMachineTests {
    let t0 = ContinuousClock.now

    @Test("A process that said ready is handed over with the moment it was ready")
    func readyThenTaken() {
        var slot = WarmSlotStateMachine()
        #expect(slot.state == .starting)
        #expect(slot.isAvailable)
        #expect(slot.handle(.ready(at: t0)) == .none)
        #expect(slot.state == .ready(at: t0))
        #expect(slot.handle(.take) == .drive(readyAt: t0))
        #expect(slot.state == .taken)
        #expect(!slot.isAvailable)
    }

    @Test("A process taken while still loading is driven as a cold one: the lifecycle waits for ready")
    func takenWhileStarting() {
        var slot = WarmSlotStateMachine()
        #expect(slot.handle(.take) == .drive(readyAt: nil))
        // From now on the lifecycle decides: ready, death and end change nothing here.
        #expect(slot.handle(.ready(at: t0)) == .none)
        #expect(slot.handle(.died(reason: "crashed")) == .none)
        #expect(slot.handle(.end) == .none)
        #expect(slot.state == .taken)
    }

    @Test("A process that crashed at load is not driven: the notification falls back to a cold start, with the reason")
    func crashAtLoadFallsBack() {
        var slot = WarmSlotStateMachine()
        #expect(slot.handle(.died(reason: "cannot load the extension")) == .none)
        #expect(slot.state == .dead(reason: "cannot load the extension"))
        #expect(!slot.isAvailable)
        #expect(slot.handle(.take) == .fallBack(reason: "cannot load the extension"))
        #expect(slot.state == .ended)
    }

    @Test("A process that died after ready (killed while it waited) falls back too")
    func deathAfterReadyFallsBack() {
        var slot = WarmSlotStateMachine()
        _ = slot.handle(.ready(at: t0))
        #expect(slot.handle(.died(reason: "killed")) == .none)
        #expect(slot.handle(.ready(at: t0 + .milliseconds(5))) == .none, "a dead process stays dead")
        #expect(slot.handle(.take) == .fallBack(reason: "killed"))
    }

    @Test("An unused process is ended: input closed while loading or ready, reaped when already dead, once")
    func unusedEnded() {
        var loading = WarmSlotStateMachine()
        #expect(loading.handle(.end) == .endProcess)
        #expect(loading.state == .ended)
        #expect(loading.handle(.end) == .none, "ended once")

        var ready = WarmSlotStateMachine()
        _ = ready.handle(.ready(at: t0))
        #expect(ready.handle(.end) == .endProcess)

        var dead = WarmSlotStateMachine()
        _ = dead.handle(.died(reason: "crashed"))
        #expect(dead.handle(.end) == .reap)
        #expect(dead.state == .ended)
    }

    @Test("An ended or taken process cannot be taken again")
    func noSecondTake() {
        var ended = WarmSlotStateMachine()
        _ = ended.handle(.end)
        #expect(ended.handle(.take) == .fallBack(reason: "the process was already ended"))
        #expect(ended.handle(.ready(at: t0)) == .none)
        #expect(ended.state == .ended)

        var taken = WarmSlotStateMachine()
        _ = taken.handle(.take)
        #expect(taken.handle(.take) == .fallBack(reason: "the process was already taken by another notification"))
    }

    @Test("The lifecycle of a warm process: no start timer, t = 0 at the push, start time without the wait")
    func lifecycleOfWarmProcess() {
        let content = UNMutableNotificationContent()
        content.title = "Hello"
        let request = ExtensionRequest(UNNotificationRequest(identifier: "n1", content: content, trigger: nil))
        let configuration = RunConfiguration(deadline: .seconds(30), grace: .seconds(2), startTimeout: .seconds(20))
        let spawned = t0
        let ready = t0 + .milliseconds(9)
        let push = t0 + .seconds(60)
        var machine = LifecycleStateMachine(
            requests: [(1, request)], configuration: configuration, spawnedAt: spawned,
            readyAt: ready)
        // Ready long ago: no start timer (a minute of waiting is not a slow start).
        #expect(machine.start() == [])
        let memory = ProcessMemory(residentBytes: 17_000_000, peakBytes: 17_000_000)
        let actions = machine.handle(.event(.ready(pid: 42, memory: memory)), at: push)
        #expect(actions.contains { if case .send(.request(1, _, _)) = $0 { true } else { false } })
        #expect(actions.contains(.arm(.deadline(1), at: push + .seconds(30))), "the deadline counts from the push")
        _ = machine.handle(
            .event(.contentHandler(sequence: 1, call: 1, content: .object([:]), memory: memory)),
            at: push + .milliseconds(3))
        let result = machine.finishedResults(log: "")[0]
        #expect(result.timeline.first?.event == .didReceive)
        #expect(result.timeline.first?.tMs == 0)
        #expect(result.timeline.allSatisfy { $0.tMs >= 0 }, "no spawn before the push in the timeline")
        #expect(result.startDuration == .milliseconds(9))
        #expect(result.outcome == .modified)
    }
}
