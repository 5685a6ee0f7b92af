import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimHost

/// docs/behaviour.md#the-lifecycle on the lifecycle state machine alone: inputs at chosen instants, the
/// actions and results it gives, no process and no clock. The same lifecycle runs real
/// processes in NSESimCoreExtensionTests.
@Suite("Lifecycle state machine")
struct LifecycleStateMachineTests {
    let t0 = ContinuousClock.now
    let configuration = RunConfiguration(
        deadline: .seconds(30), grace: .seconds(2), memoryLimit: 24_000_000,
        startTimeout: .seconds(20), exitTimeout: .seconds(1))
    let content = JSONValue.object(["title": .string("Hello"), "body": .string("World")])
    let memory = ProcessMemory(residentBytes: 17_000_000, peakBytes: 17_000_000)

    func machine(requests count: Int = 1) -> LifecycleStateMachine {
        let content = UNMutableNotificationContent()
        content.title = "Hello"
        let requests = (1...count).map { index in
            (Int64(index), ExtensionRequest(UNNotificationRequest(identifier: "n\(index)", content: content, trigger: nil)))
        }
        return LifecycleStateMachine(requests: requests, configuration: configuration, spawnedAt: t0)
    }

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { t0 + .milliseconds(milliseconds) }

    /// The machine after `ready` at 10 ms, which sends request 1 at 10 ms.
    func started(requests count: Int = 1) -> LifecycleStateMachine {
        var machine = machine(requests: count)
        _ = machine.handle(.event(.ready(pid: 42, memory: memory)), at: at(10))
        return machine
    }

    func requestSent(_ actions: [LifecycleAction]) -> Int64? {
        for case .send(.request(let sequence, _, _)) in actions { return sequence }
        return nil
    }

    @Test("Spawned: only the start timer is armed, at the start timeout")
    func startArmsTheStartTimer() {
        #expect(machine().start() == [.arm(.start, at: t0 + .seconds(20))])
    }

    @Test("ready sends the request and arms the deadline (the grace is armed once timeWillExpire is sent)")
    func readySendsTheRequest() {
        var machine = machine()
        let actions = machine.handle(.event(.ready(pid: 42, memory: memory)), at: at(10))
        #expect(requestSent(actions) == 1)
        #expect(actions.contains(.arm(.deadline(1), at: at(10) + .seconds(30))))
        #expect(!actions.contains { if case .arm(.graceOver, _) = $0 { true } else { false } })
        #expect(!actions.contains(.killAll))
    }

    /// The deadline, as the session performs it: timeWillExpire sent, the extension begins it,
    /// the stacks asked for and taken (here at once, with nothing to show), the grace armed.
    func passDeadline(_ machine: inout LifecycleStateMachine, at milliseconds: Int) {
        #expect(
            machine.handle(.timer(.deadline(1)), at: at(milliseconds))
                == [.send(.timeWillExpire(sequence: 1)), .arm(.deadlineStacks(1), at: at(milliseconds + 50))])
        #expect(
            machine.handle(.event(.timeWillExpire(sequence: 1)), at: at(milliseconds)) == [.sampleStacks(sequence: 1, moment: .deadline)])
        _ = machine.handle(.stacksSampled(sequence: 1, moment: .deadline, sample: nil), at: at(milliseconds))
    }

    /// The end of the grace: the stacks asked for, then the kill.
    func passGrace(_ machine: inout LifecycleStateMachine, at milliseconds: Int) -> [LifecycleAction] {
        let actions = machine.handle(.timer(.graceOver(1)), at: at(milliseconds))
        guard actions == [.sampleStacks(sequence: 1, moment: .kill)] else { return actions }
        return machine.handle(.stacksSampled(sequence: 1, moment: .kill, sample: nil), at: at(milliseconds))
    }

    @Test("A handler call before the deadline: modified, then finish and the exit timer")
    func handlerBeforeTheDeadline() {
        var machine = started()
        #expect(machine.handle(.event(.didReceive(sequence: 1)), at: at(11)).isEmpty)
        let actions = machine.handle(.event(.contentHandler(sequence: 1, call: 1, content: content, memory: memory)), at: at(60))
        #expect(actions == [.send(.finish), .arm(.exit, at: at(60) + .seconds(1))])
        #expect(machine.handle(.event(.finished(memory: memory)), at: at(70)) == [.killDescendants, .closeInput])
        #expect(machine.handle(.outputClosed, at: at(71)) == [.stop])
        let result = machine.finishedResults(log: "")[0]
        #expect(result.outcome == .modified)
        #expect(result.handedContent == content)
        #expect(result.timeline.map(\.event) == [.didReceive, .contentHandler, .delivered])
        #expect(result.timeline[1].tMs == 50)
        #expect(result.startDuration == .milliseconds(10))
    }

    @Test("At the deadline timeWillExpire is sent; a call in the grace is best-attempt")
    func bestAttempt() {
        var machine = started()
        #expect(
            machine.handle(.timer(.deadline(1)), at: at(30_010))
                == [.send(.timeWillExpire(sequence: 1)), .arm(.deadlineStacks(1), at: at(30_060))])
        // The extension begins timeWillExpire: its stacks, then the grace from their end.
        #expect(machine.handle(.event(.timeWillExpire(sequence: 1)), at: at(30_015)) == [.sampleStacks(sequence: 1, moment: .deadline)])
        #expect(
            machine.handle(.stacksSampled(sequence: 1, moment: .deadline, sample: nil), at: at(30_040))
                == [.arm(.graceOver(1), at: at(32_040))])
        // The stacks were taken already: the wait's timer does nothing.
        #expect(machine.handle(.timer(.deadlineStacks(1)), at: at(30_060)).isEmpty)
        _ = machine.handle(.event(.contentHandler(sequence: 1, call: 1, content: content, memory: memory)), at: at(31_000))
        // The end of the grace of a handled request does nothing.
        #expect(machine.handle(.timer(.graceOver(1)), at: at(32_040)).isEmpty)
        let result = machine.finishedResults(log: "")[0]
        #expect(result.outcome == .bestAttempt)
        #expect(result.timeWillExpireStartedMs == 30_005)
        #expect(result.timeline.map(\.event) == [.didReceive, .timeWillExpire, .contentHandler, .delivered])
        #expect(result.timeline[1].tMs == 30_000)
    }

    @Test("An extension that does not begin timeWillExpire: its stacks are taken 50 ms after it was sent, then the grace")
    func deadlineStacksWithoutAnAnswer() {
        var machine = started()
        _ = machine.handle(.timer(.deadline(1)), at: at(30_010))
        #expect(machine.handle(.timer(.deadlineStacks(1)), at: at(30_060)) == [.sampleStacks(sequence: 1, moment: .deadline)])
        #expect(
            machine.handle(.stacksSampled(sequence: 1, moment: .deadline, sample: nil), at: at(30_090))
                == [.arm(.graceOver(1), at: at(32_090))])
        // Its late answer asks for no second sample.
        #expect(machine.handle(.event(.timeWillExpire(sequence: 1)), at: at(30_100)).isEmpty)
        let result = machine.finishedResults(log: "")[0]
        #expect(result.timeline.map(\.event) == [.didReceive, .timeWillExpire])
        #expect(result.timeline[1].tMs == 30_000)
    }

    @Test("No call by the end of the grace: kill, original-timeout")
    func timeout() {
        var machine = started()
        passDeadline(&machine, at: 30_010)
        #expect(passGrace(&machine, at: 32_010) == [.killAll, .stop])
        let result = machine.finishedResults(log: "")[0]
        #expect(result.outcome == .originalTimeout)
        #expect(result.timeline.map(\.event) == [.didReceive, .timeWillExpire, .killed, .delivered])
        #expect(result.timeline[2].detail == "SIGKILL at the end of the grace")
    }

    @Test("A deadline after the handler was called does nothing")
    func lateDeadlineIgnored() {
        var machine = started(requests: 2)
        _ = machine.handle(.event(.contentHandler(sequence: 1, call: 1, content: content, memory: memory)), at: at(20))
        #expect(machine.handle(.timer(.deadline(1)), at: at(30_010)).isEmpty)
        #expect(machine.handle(.timer(.graceOver(1)), at: at(32_010)).isEmpty)
    }

    @Test("A second handler call is ignored with a warning")
    func secondCall() {
        var machine = started()
        _ = machine.handle(.event(.contentHandler(sequence: 1, call: 1, content: content, memory: memory)), at: at(20))
        #expect(machine.handle(.event(.contentHandler(sequence: 1, call: 2, content: .object([:]), memory: memory)), at: at(25)).isEmpty)
        let result = machine.finishedResults(log: "")[0]
        #expect(result.handlerCalls == 2)
        #expect(result.handedContent == content)
        #expect(result.warnings.map(\.code) == [.handlerCalledAgain])
        #expect(result.timeline.last?.detail == "ignored (call 2)")
    }

    @Test("Output ends before a call and the process is gone: original-crash, with the exit status")
    func crash() {
        var machine = started()
        #expect(machine.handle(.outputClosed, at: at(40)) == [.checkLiveness])
        #expect(machine.handle(.livenessChecked(running: false), at: at(41)) == [.stop])
        machine.processEnded("killed by signal 11 (SIGSEGV)", signaled: true)
        let result = machine.finishedResults(log: "boom")[0]
        #expect(result.outcome == .originalCrash)
        #expect(result.timeline.map(\.event) == [.didReceive, .crashed, .delivered])
        #expect(result.timeline[1].detail == "killed by signal 11 (SIGSEGV)")
        #expect(result.errors == ["the extension crashed: killed by signal 11 (SIGSEGV)"])
        #expect(result.processExit == "killed by signal 11 (SIGSEGV)")
        #expect(result.log == "boom")
    }

    @Test("A crash after the handler: the content stands, with a warning")
    func crashAfterHandler() {
        var machine = started(requests: 2)
        _ = machine.handle(.event(.contentHandler(sequence: 1, call: 1, content: content, memory: memory)), at: at(20))
        _ = machine.handle(.outputClosed, at: at(40))
        _ = machine.handle(.livenessChecked(running: false), at: at(41))
        let results = machine.finishedResults(log: "")
        #expect(results.map(\.outcome) == [.modified, .originalCrash])
        #expect(results[0].warnings.isEmpty)
        #expect(results[1].timeline.map(\.event) == [.didReceive, .crashed, .delivered])
    }

    @Test("Output ends while the process lives on: crashed, original-crash, the process killed")
    func closedPipe() {
        var machine = started()
        _ = machine.handle(.outputClosed, at: at(40))
        #expect(machine.handle(.livenessChecked(running: true), at: at(240)) == [.killAll, .stop])
        let result = machine.finishedResults(log: "")[0]
        #expect(result.outcome == .originalCrash)
        #expect(result.timeline.map(\.event) == [.didReceive, .crashed, .delivered])
        #expect(result.timeline[1].detail == LifecycleStateMachine.connectionClosedDetail)
        #expect(result.errors.first?.contains("closed its connection") == true)
    }

    /// An extension that closes its protocol pipes and then dies (of SIGPIPE, say): whether
    /// nsesim finds it still running or already dead when it looks must not change what it
    /// reports (a replay case flaked on exactly this).
    @Test(
        "The connection's end before the handler: the same outcome and timeline whether the process is found alive or dead",
        arguments: [false, true])
    func connectionEndIsOrderIndependent(handled: Bool) {
        func run(running: Bool) -> ExtensionRunResult {
            var machine = started()
            if handled {
                _ = machine.handle(.event(.contentHandler(sequence: 1, call: 1, content: content, memory: memory)), at: at(30))
            }
            _ = machine.handle(.outputClosed, at: at(40))
            _ = machine.handle(.livenessChecked(running: running), at: at(41))
            if !running { machine.processEnded("killed by signal 13 (SIG13)", signaled: true) }
            return machine.finishedResults(log: "")[0]
        }
        let alive = run(running: true)
        let dead = run(running: false)
        #expect(alive.outcome == dead.outcome)
        #expect(alive.outcome == (handled ? .modified : .originalCrash))
        #expect(alive.timeline.map(\.event) == dead.timeline.map(\.event))
        #expect(alive.timeline.map(\.tMs) == dead.timeline.map(\.tMs))
        #expect(alive.warnings.map(\.code) == dead.warnings.map(\.code))
        #expect(dead.timeline.contains { $0.event == .crashed && $0.detail == "killed by signal 13 (SIG13)" })
    }

    /// On a loaded machine the extension's thread may report didReceive after the deadline
    /// fired: the timeline still starts with didReceive, at 0, when nsesim called it.
    @Test("didReceive is in the timeline at 0 ms, before timeWillExpire, however late the extension reports it")
    func didReceiveAtTheCall() {
        var machine = started()
        passDeadline(&machine, at: 30_010)
        _ = machine.handle(.event(.didReceive(sequence: 1)), at: at(30_400))
        _ = passGrace(&machine, at: 32_010)
        let result = machine.finishedResults(log: "")[0]
        #expect(result.timeline.map(\.event) == [.didReceive, .timeWillExpire, .killed, .delivered])
        #expect(result.timeline[0].tMs == 0)
        #expect(result.didReceiveStartedMs == 30_390)
    }

    @Test("Memory above the limit over the baseline: kill, killed-memory; below it: nothing")
    func memoryLimit() {
        var machine = started()
        #expect(machine.handle(.memory(ProcessMemory(residentBytes: 41_000_000, peakBytes: 41_000_000)), at: at(50)).isEmpty)
        #expect(machine.handle(.memory(ProcessMemory(residentBytes: 41_000_001, peakBytes: 41_000_001)), at: at(55)) == [.killAll, .stop])
        let result = machine.finishedResults(log: "")[0]
        #expect(result.outcome == .killedMemory)
        #expect(result.peakMemoryBytes == 41_000_001)
        #expect(result.addedMemoryBytes == 24_000_001)
    }

    @Test("A handler call made over the limit is a memory kill, whether a sample saw it first or not")
    func memoryAtHandlerCall() {
        var machine = started()
        let over = ProcessMemory(residentBytes: 41_000_001, peakBytes: 41_000_001)
        #expect(
            machine.handle(.event(.contentHandler(sequence: 1, call: 1, content: content, memory: over)), at: at(20)) == [.killAll, .stop])
        let result = machine.finishedResults(log: "")[0]
        #expect(result.outcome == .killedMemory)
        #expect(result.handlerCalls == 0)
        #expect(result.addedMemoryBytes == 24_000_001)

        // At the limit, the call counts.
        var within = started()
        let atLimit = ProcessMemory(residentBytes: 41_000_000, peakBytes: 41_000_000)
        _ = within.handle(.event(.contentHandler(sequence: 1, call: 1, content: content, memory: atLimit)), at: at(20))
        #expect(within.finishedResults(log: "")[0].outcome == .modified)
    }

    @Test("No ready within the start timeout: killed, original content")
    func startTimeout() {
        var machine = machine()
        #expect(machine.handle(.timer(.start), at: at(20_000)) == [.killAll, .stop])
        let result = machine.finishedResults(log: "")[0]
        #expect(result.outcome == .originalCrash)
        #expect(result.timeline.map(\.event) == [.killed, .delivered])
        #expect(result.errors == ["the extension did not start within 20.0 seconds"])
    }

    @Test("The start timer after ready does nothing")
    func startTimerAfterReady() {
        var machine = started()
        #expect(machine.handle(.timer(.start), at: at(20_000)).isEmpty)
    }

    @Test("A protocol violation: kill, original-crash, the message in errors")
    func protocolViolation() {
        var machine = started()
        #expect(machine.handle(.protocolViolation("not a JSON message"), at: at(30)) == [.killAll, .stop])
        let result = machine.finishedResults(log: "")[0]
        #expect(result.outcome == .originalCrash)
        #expect(result.errors == ["not a JSON message"])
        #expect(result.timeline.first { $0.event == .killed }?.detail == "it broke the extension protocol")
    }

    @Test("failed before any request takes the first request and delivers the original")
    func failedBeforeReady() {
        var machine = machine(requests: 3)
        #expect(machine.handle(.event(.failed(message: "cannot load")), at: at(5)) == [.stop])
        let results = machine.finishedResults(log: "")
        #expect(results.count == 1)
        #expect(results[0].requestIdentifier == "n1")
        #expect(results[0].errors == ["cannot load"])
        #expect(results[0].timeline.map(\.event) == [.crashed, .delivered])
    }

    @Test("One process serves requests in order; each gets its own timers")
    func reusedProcess() {
        var machine = started(requests: 2)
        let actions = machine.handle(.event(.contentHandler(sequence: 1, call: 1, content: content, memory: memory)), at: at(20))
        #expect(requestSent(actions) == 2)
        #expect(actions.contains(.arm(.deadline(2), at: at(20) + .seconds(30))))
        let last = machine.handle(.event(.contentHandler(sequence: 2, call: 1, content: content, memory: memory)), at: at(30))
        #expect(last.first == .send(.finish))
        #expect(machine.finishedResults(log: "").map(\.requestIdentifier) == ["n1", "n2"])
    }

    @Test("The exit timer kills a finished process that does not exit")
    func exitTimer() {
        var machine = started()
        _ = machine.handle(.event(.contentHandler(sequence: 1, call: 1, content: content, memory: memory)), at: at(20))
        #expect(machine.handle(.timer(.exit), at: at(1_020)) == [.killAll, .stop])
        #expect(machine.finishedResults(log: "")[0].outcome == .modified)
    }

    @Test("A process that cannot be spawned: the original content, the reason in errors")
    func spawnFailed() {
        var machine = machine()
        machine.spawnFailed("cannot start host", at: at(1))
        let result = machine.finishedResults(log: "")[0]
        #expect(result.outcome == .originalCrash)
        #expect(result.errors == ["cannot start host"])
        #expect(result.timeline.map(\.event) == [.delivered])
    }
}
