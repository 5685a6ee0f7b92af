import Foundation
import NSESimRuntime

/// The lifecycle of one extension process serving one or more requests (docs/behaviour.md#the-lifecycle), as
/// a pure state machine: inputs in (the process's events, timers, memory readings), actions
/// out (send a command, arm a timer, kill), and the results it records. It does no I/O and
/// reads no clock: every input comes with the instant it happened, so tests drive it without
/// processes. `LifecycleSession` performs its actions on a real process.
package struct LifecycleStateMachine: Sendable {
    /// The request being served.
    private struct Current: Sendable {
        let sequence: Int64
        let start: ContinuousClock.Instant
        var inGrace = false
        var handled = false
        /// Whether the stacks of the deadline were asked for (when the extension began
        /// timeWillExpire, or ``LifecycleStateMachine/deadlineStacksWait`` after it was sent).
        var deadlineStacksAsked = false
    }

    /// How long after sending timeWillExpire the deadline's stacks are taken if the extension
    /// has not said it began running it (a process too busy to start it, or one that never reads
    /// its commands again).
    package static let deadlineStacksWait: Duration = .milliseconds(50)

    private let requests: [(sequence: Int64, request: ExtensionRequest)]
    private let configuration: RunConfiguration
    private let spawnedAt: ContinuousClock.Instant
    /// When a process started before its notification said `ready` (nil: a cold process).
    private let readyAt: ContinuousClock.Instant?
    private var results: [Int64: ExtensionRunResult] = [:]
    private var taken: [Int64] = []
    private var next = 0
    private var current: Current?
    private var baseline: ProcessMemory?
    private var peak: Int64 = 0
    private var startDuration: Duration?
    private var finishing = false
    private var crashedEvent: (sequence: Int64, index: Int)?
    /// When the stacks being taken were asked for (the deadline, the end of the grace).
    private var samplingSince: ContinuousClock.Instant?

    /// A machine for a process spawned at `spawnedAt` that is to serve `requests` in order.
    /// A process started before its notification (a warm one) said `ready` at `readyAt`,
    /// before the machine existed: its `ready` event still comes first, and the first request
    /// is sent when it is handled (t = 0 is the push, not the spawn); its start time is
    /// `readyAt - spawnedAt`, the wait for the push excluded.
    package init(
        requests: [(sequence: Int64, request: ExtensionRequest)], configuration: RunConfiguration,
        spawnedAt: ContinuousClock.Instant, readyAt: ContinuousClock.Instant? = nil
    ) {
        precondition(!requests.isEmpty, "a process serves at least one request")
        self.requests = requests
        self.configuration = configuration
        self.spawnedAt = spawnedAt
        self.readyAt = readyAt
    }

    /// What to do once the process is spawned: wait for `ready`, but not for ever (a warm
    /// process is ready already).
    package func start() -> [LifecycleAction] {
        readyAt == nil ? [.arm(.start, at: spawnedAt + configuration.startTimeout)] : []
    }

    /// Reacts to one input that happened at `now`.
    package mutating func handle(_ input: LifecycleInput, at now: ContinuousClock.Instant) -> [LifecycleAction] {
        switch input {
        case .event(let event): handle(event, at: now)
        case .protocolViolation(let message): protocolViolation(message, at: now)
        case .outputClosed: outputClosed()
        case .livenessChecked(let running): livenessChecked(running: running, at: now)
        case .timer(let timer): timerFired(timer, at: now)
        case .stacksSampled(let sequence, let moment, let sample): stacksSampled(sequence, moment: moment, sample: sample, at: now)
        case .memory(let memory): memoryRead(memory, at: now)
        }
    }

    // MARK: - The extension's events

    private mutating func handle(_ event: HostEvent, at now: ContinuousClock.Instant) -> [LifecycleAction] {
        switch event {
        case .ready(_, let memory):
            baseline = memory
            peak = max(peak, memory.peakBytes)
            startDuration = (readyAt ?? now) - spawnedAt
            return startNextRequest(at: now)

        case .failed(let message):
            let sequence = current?.sequence ?? takeFirstRequest()
            results[sequence]?.errors.append(message)
            if current?.handled != true {
                deliverOriginal(sequence, outcome: .originalCrash, event: .crashed, detail: message, at: now)
            }
            return [.stop]

        case .didReceive(let sequence):
            // The timeline's didReceive is when nsesim called it (t = 0, as iOS calls it when
            // it hands the request over); this is when the extension's thread began running it,
            // which a loaded machine may delay past the deadline.
            let startedMs = milliseconds(for: sequence, at: now)
            results[sequence]?.didReceiveStartedMs = startedMs
            return []

        case .contentHandler(let sequence, let call, let content, let memory):
            peak = max(peak, memory.peakBytes)
            // Over the limit when it called the handler (the memory the call reports, read in
            // the process at the call): iOS would have killed it before it got there, and
            // whether a 5 ms sample came in between is the machine's timing, not the extension's.
            if let request = current, request.sequence == sequence, !request.handled {
                let kill = memoryRead(memory, at: now)
                if !kill.isEmpty { return kill }
            }
            results[sequence]?.handlerCalls += 1
            guard var request = current, request.sequence == sequence, !request.handled else {
                let at = milliseconds(for: sequence, at: now)
                results[sequence]?.warnings.append(
                    RunWarning(
                        .handlerCalledAgain,
                        "the content handler was called again (call \(call), at "
                            + "\(String(format: "%.1f", at)) ms); only the first call counts, as on iOS"))
                addEvent(.contentHandler, detail: "ignored (call \(call))", to: sequence, at: now)
                return []
            }
            request.handled = true
            current = request
            results[sequence]?.outcome = request.inGrace ? .bestAttempt : .modified
            results[sequence]?.handedContent = content
            addEvent(.contentHandler, detail: request.inGrace ? "during the grace" : nil, to: sequence, at: now)
            addEvent(.delivered, detail: "the extension's content", to: sequence, at: now)
            return startNextRequest(at: now)

        case .timeWillExpire(let sequence):
            let startedMs = milliseconds(for: sequence, at: now)
            results[sequence]?.timeWillExpireStartedMs = startedMs
            // The extension runs timeWillExpire now: where its threads are (the one stuck in
            // didReceive still there), as iOS's watchdog report has them.
            return askDeadlineStacks(sequence, at: now)

        case .record(let source, let record):
            // What a framework did, for the request being served (or the first, before any).
            let sequence = current?.sequence ?? taken.first
            if let sequence {
                let tMs = milliseconds(for: sequence, at: now)
                results[sequence]?.records.append(ExtensionRecord(source: source, record: record, tMs: tMs))
            }
            return []

        case .answer:
            // Calls are the content extension's; a service extension never gets one.
            return protocolViolation("an answer to a call the service extension was not sent", at: now)

        case .finished(let memory):
            peak = max(peak, memory.peakBytes)
            // The extension is done: what it started goes now, while the process still holds
            // its orphans; then the process, told by the end of its input, exits on its own.
            return [.killDescendants, .closeInput]
        }
    }

    // MARK: - The process's end and failures

    private mutating func outputClosed() -> [LifecycleAction] {
        // After `finish` the process is meant to end; otherwise ask whether it lives on.
        finishing ? [.stop] : [.checkLiveness]
    }

    /// The connection ended before `finished`. Whatever the process does next (it crashed and
    /// its descriptors closed on the way out; it closed its end of the protocol and then died,
    /// of SIGPIPE or anything else; it lives on), the system has lost the extension at this
    /// moment, as iOS's host sees an XPC connection interrupted whatever the process did: the
    /// event is `crashed`, and the order in which the process's end and the pipe's end reach
    /// nsesim changes neither it nor the outcome. Only the detail says what the process did;
    /// one that still runs is killed.
    private mutating func livenessChecked(running: Bool, at now: ContinuousClock.Instant) -> [LifecycleAction] {
        let sequence = current?.sequence ?? takeFirstRequest()
        let handled = current?.handled == true
        let detail: String? = running ? Self.connectionClosedDetail : nil
        if handled {
            results[sequence]?.warnings.append(
                RunWarning(
                    .crashedAfterHandler,
                    running
                        ? "the extension closed its connection to nsesim after it called the content handler; its content stands"
                        : "the extension crashed after it called the content handler; its content stands"))
            addEvent(.crashed, detail: detail, to: sequence, at: now)
        } else {
            if running {
                results[sequence]?.errors.append(
                    "the extension closed its connection to nsesim (the protocol pipe) while it was still running")
            }
            deliverOriginal(sequence, outcome: .originalCrash, event: .crashed, detail: detail, at: now)
        }
        if running { return [.killAll, .stop] }
        crashedEvent = (sequence, (results[sequence]?.timeline.lastIndex { $0.event == .crashed }) ?? 0)
        return [.stop]
    }

    /// The `crashed` event's detail when the process lived on after closing its connection.
    static let connectionClosedDetail = "it closed its connection to nsesim and was killed (SIGKILL)"

    private mutating func protocolViolation(_ message: String, at now: ContinuousClock.Instant) -> [LifecycleAction] {
        let sequence = current?.sequence ?? takeFirstRequest()
        results[sequence]?.errors.append(message)
        if current?.handled != true {
            deliverOriginal(sequence, outcome: .originalCrash, event: .killed, detail: "it broke the extension protocol", at: now)
        }
        return [.killAll, .stop]
    }

    // MARK: - Timers and memory

    private mutating func timerFired(_ timer: LifecycleTimer, at now: ContinuousClock.Instant) -> [LifecycleAction] {
        switch timer {
        case .start:
            guard baseline == nil else { return [] }
            let sequence = takeFirstRequest()
            let message = "the extension did not start within \(configuration.startTimeout)"
            results[sequence]?.errors.append(message)
            addEvent(.killed, detail: "did not start", to: sequence, at: now)
            addEvent(.delivered, detail: "original content", to: sequence, at: now)
            return [.killAll, .stop]

        case .deadline(let sequence):
            guard var request = current, request.sequence == sequence, !request.handled else { return [] }
            request.inGrace = true
            current = request
            // timeWillExpire at the deadline, as iOS calls it; the stacks are taken once the
            // extension begins running it (so that taking them, which stops the process for
            // tens of milliseconds, does not delay it), and the grace counted after them.
            addEvent(.timeWillExpire, to: sequence, at: now)
            return [.send(.timeWillExpire(sequence: sequence)), .arm(.deadlineStacks(sequence), at: now + Self.deadlineStacksWait)]

        case .deadlineStacks(let sequence):
            return askDeadlineStacks(sequence, at: now)

        case .graceOver(let sequence):
            guard let request = current, request.sequence == sequence, !request.handled else { return [] }
            samplingSince = now
            return [.sampleStacks(sequence: sequence, moment: .kill)]

        case .exit:
            return [.killAll, .stop]  // finished, but slow to exit: not an error
        }
    }

    /// Asks for the deadline's stacks of request `sequence`, once, while it is unhandled.
    private mutating func askDeadlineStacks(_ sequence: Int64, at now: ContinuousClock.Instant) -> [LifecycleAction] {
        guard var request = current, request.sequence == sequence, request.inGrace, !request.handled,
            !request.deadlineStacksAsked
        else { return [] }
        request.deadlineStacksAsked = true
        current = request
        samplingSince = now
        return [.sampleStacks(sequence: sequence, moment: .deadline)]
    }

    /// The stacks taken at the deadline or at the end of the grace (docs/crashes-and-hangs.md#hangs):
    /// kept in the request's `hang`; then the grace is counted from now (the process was stopped
    /// while its stacks were taken), or the process is killed.
    private mutating func stacksSampled(
        _ sequence: Int64, moment: HangMoment, sample: StackSample?,
        at now: ContinuousClock.Instant
    ) -> [LifecycleAction] {
        let since = samplingSince ?? now
        samplingSince = nil
        if var sample {
            sample.tMs = milliseconds(for: sequence, at: since)
            sample.durationMs = (now - since).milliseconds
            let hang = results[sequence]?.hang ?? ExtensionHang()
            if let error = sample.error, hang.samples.allSatisfy({ $0.error == nil }) {
                results[sequence]?.warnings.append(RunWarning(.stacksNotTaken, "the extension's stacks could not be taken: \(error)"))
            }
            results[sequence]?.hang = hang.adding(sample)
        }
        guard let request = current, request.sequence == sequence, !request.handled else { return [] }
        switch moment {
        case .deadline:
            // timeWillExpire was sent at the deadline (the timeline's event; when the extension
            // began running it is timeWillExpireStartedMs).
            return [.arm(.graceOver(sequence), at: now + configuration.grace)]
        case .kill:
            deliverOriginal(sequence, outcome: .originalTimeout, event: .killed, detail: "SIGKILL at the end of the grace", at: now)
            return [.killAll, .stop]
        }
    }

    private mutating func memoryRead(_ memory: ProcessMemory, at now: ContinuousClock.Instant) -> [LifecycleAction] {
        peak = max(peak, memory.peakBytes)
        guard let limit = configuration.memoryLimit, let baseline,
            memory.residentBytes - baseline.residentBytes > limit
        else { return [] }
        let added = memory.residentBytes - baseline.residentBytes
        let detail = "SIGKILL: \(added) bytes above the baseline, over the \(limit)-byte limit"
        let sequence = current?.sequence ?? takeFirstRequest()
        if current?.handled == true {
            results[sequence]?.warnings.append(
                RunWarning(
                    .killedAfterHandler,
                    "the extension was killed for memory after it called the content handler; its content stands"))
            addEvent(.killed, detail: detail, to: sequence, at: now)
        } else {
            deliverOriginal(sequence, outcome: .killedMemory, event: .killed, detail: detail, at: now)
        }
        return [.killAll, .stop]
    }

    // MARK: - Requests

    /// Sends the next request, or `finish` when none is left.
    private mutating func startNextRequest(at now: ContinuousClock.Instant) -> [LifecycleAction] {
        guard next < requests.count else {
            finishing = true
            return [.send(.finish), .arm(.exit, at: now + configuration.exitTimeout)]
        }
        let (sequence, request) = requests[next]
        next += 1
        taken.append(sequence)
        results[sequence] = ExtensionRunResult(outcome: .originalCrash, requestIdentifier: request.identifier)
        current = Current(sequence: sequence, start: now)
        results[sequence]?.didReceiveAt = now
        addEvent(.didReceive, to: sequence, at: now)
        let deadline = now + configuration.deadline
        // The grace's timer is armed once timeWillExpire has been called (stacksSampled).
        return [
            .send(.request(sequence: sequence, identifier: request.identifier, content: request.content)),
            .arm(.deadline(sequence), at: deadline),
        ]
    }

    /// The first request, taken when the process fails before serving any.
    private mutating func takeFirstRequest() -> Int64 {
        if let first = taken.first { return first }
        let sequence = requests[0].sequence
        taken.append(sequence)
        next = max(next, 1)
        results[sequence] = ExtensionRunResult(outcome: .originalCrash, requestIdentifier: requests[0].request.identifier)
        return sequence
    }

    /// The original content is delivered for request `sequence`: the outcome, the event that
    /// ended it (killed, crashed) and `delivered`.
    private mutating func deliverOriginal(
        _ sequence: Int64, outcome: Outcome, event: TimelineEvent.Kind, detail: String?,
        at now: ContinuousClock.Instant
    ) {
        results[sequence]?.outcome = outcome
        addEvent(event, detail: detail, to: sequence, at: now)
        addEvent(.delivered, detail: "original content", to: sequence, at: now)
    }

    private func milliseconds(for sequence: Int64, at now: ContinuousClock.Instant) -> Double {
        guard let current, current.sequence == sequence else { return 0 }
        return (now - current.start).milliseconds
    }

    private mutating func addEvent(
        _ kind: TimelineEvent.Kind, detail: String? = nil, to sequence: Int64,
        at now: ContinuousClock.Instant
    ) {
        let event = TimelineEvent(tMs: milliseconds(for: sequence, at: now), event: kind, detail: detail)
        results[sequence]?.timeline.append(event)
    }

    // MARK: - After the process

    /// Records how the process ended; `crash` (where and why) goes to the request it crashed in.
    package mutating func processEnded(_ description: String, signaled: Bool, crash: ExtensionCrash? = nil) {
        for sequence in taken { results[sequence]?.processExit = description }
        if let crashed = crashedEvent, var result = results[crashed.sequence], crashed.index < result.timeline.count {
            result.crash = crash
            let event = result.timeline[crashed.index]
            result.timeline[crashed.index] = TimelineEvent(tMs: event.tMs, event: .crashed, detail: description)
            if signaled {
                result.errors.append("the extension crashed: \(description)")
            } else {
                result.errors.append("the extension process \(description) before it called the content handler")
            }
            results[crashed.sequence] = result
        }
    }

    /// Records that the process could not be started at all.
    package mutating func spawnFailed(_ message: String, at now: ContinuousClock.Instant) {
        let sequence = takeFirstRequest()
        results[sequence]?.errors.append(message)
        addEvent(.delivered, detail: "original content", to: sequence, at: now)
    }

    /// The results of the requests this process took, in order, with what it printed.
    package func finishedResults(log: String) -> [ExtensionRunResult] {
        taken.compactMap { sequence in
            guard var result = results[sequence] else { return nil }
            result.baselineMemoryBytes = baseline?.peakBytes ?? 0
            result.peakMemoryBytes = max(peak, result.baselineMemoryBytes)
            result.startDuration = startDuration
            result.log = log
            return result
        }
    }
}
