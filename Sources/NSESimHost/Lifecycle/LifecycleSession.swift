import Foundation
import NSESimRuntime
import NSESimStore
import Subprocess
import SystemPackage

/// Drives one extension process through its lifecycle: feeds what the process does (its
/// events, its output's end, its memory) and the timers to the ``LifecycleStateMachine``,
/// and performs the actions the machine asks for (write a command, arm a timer, kill). The
/// decisions are the machine's; this is the I/O. Its state is touched only by the task that
/// runs `drive` and, after the process has ended, by the caller; the reader tasks only pass
/// inputs along. (Unchecked Sendable for that hand-over: the caller gives the session to the
/// task that spawned the process and reads it again only after that task has finished.)
final class LifecycleSession: @unchecked Sendable {
    private var machine: LifecycleStateMachine
    private let configuration: RunConfiguration
    private let log: LogCollector
    private let container: ExtensionContainer
    /// Which frames are the extension's own, for its crash and hang reports.
    private let ownCode: OwnCode
    /// Everything the extension process started; set when `drive` begins.
    private var family: ExtensionProcessFamily?
    /// Called once, when the first request has been sent: the process is busy with its
    /// notification, the moment to start the next one's process.
    private var onRunning: (@Sendable () -> Void)?

    /// The longest protocol message accepted from the extension.
    static let maximumMessageLength = 8 * 1024 * 1024

    /// A session for a process spawned at `spawnedAt` (and, when it was started before its
    /// notification, ready at `readyAt`) whose output `log` collects.
    init(
        requests: [(sequence: Int64, request: ExtensionRequest)], configuration: RunConfiguration,
        container: ExtensionContainer, spawnedAt: ContinuousClock.Instant, readyAt: ContinuousClock.Instant? = nil,
        log: LogCollector, ownCode: OwnCode = OwnCode(images: []), onRunning: (@Sendable () -> Void)? = nil
    ) {
        self.ownCode = ownCode
        machine = LifecycleStateMachine(requests: requests, configuration: configuration, spawnedAt: spawnedAt, readyAt: readyAt)
        self.configuration = configuration
        self.container = container
        self.log = log
        self.onRunning = onRunning
    }

    // MARK: - Driving the process

    /// Drives the process until the machine stops: `inputs` are what the process said since
    /// its spawn (read by ``WarmSlot``), `continuation` takes the timers and
    /// memory readings into the same stream.
    nonisolated(nonsending) func drive(
        _ process: ExtensionProcess, inputs: AsyncStream<LifecycleInput>,
        continuation: AsyncStream<LifecycleInput>.Continuation
    ) async {
        let pid = process.pid
        let configuration = configuration
        let family = ExtensionProcessFamily(host: pid, container: container)
        self.family = family
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    if let memory = ProcessMemory.read(pid: pid) { continuation.yield(.memory(memory)) }
                    try? await Task.sleep(for: configuration.memoryPollInterval)
                }
            }

            var done = await perform(machine.start(), process: process, group: &group, continuation: continuation)
            if !done {
                for await input in inputs {
                    let actions = machine.handle(input, at: .now)
                    done = await perform(actions, process: process, group: &group, continuation: continuation)
                    if done { break }
                }
            }
            // Whatever happened, nothing of the extension outlives its notification:
            // SIGKILL to the host and everything it started (ExtensionProcessFamily).
            family.killAll(process)
            group.cancelAll()
            continuation.finish()
        }
        // A process that never got its request (a crash at load): the next push still comes.
        if let running = onRunning {
            onRunning = nil
            running()
        }
    }

    /// Performs the machine's actions in order; true when the process is done with.
    nonisolated(nonsending) private func perform(
        _ actions: [LifecycleAction], process: ExtensionProcess,
        group: inout TaskGroup<Void>,
        continuation: AsyncStream<LifecycleInput>.Continuation
    ) async -> Bool {
        var queue = actions[...]
        while let action = queue.popFirst() {
            switch action {
            case .send(let command):
                await send(command, to: process)
                if case .request = command, let running = onRunning {
                    onRunning = nil
                    running()
                }
            case .arm(let timer, let instant):
                group.addTask {
                    try? await Task.sleep(until: instant, clock: .continuous)
                    if !Task.isCancelled { continuation.yield(.timer(timer)) }
                }
            case .killAll:
                family?.killAll(process)
            case .killDescendants:
                family?.killDescendants()
            case .closeInput:
                try? await process.finishInput()
            case .checkLiveness:
                let running = await Self.isRunning(process.pid)
                queue = machine.handle(.livenessChecked(running: running), at: .now)[...] + queue
            case .sampleStacks(let sequence, let moment):
                let sample = await sampleStacks(of: process.pid, moment: moment)
                queue = machine.handle(.stacksSampled(sequence: sequence, moment: moment, sample: sample), at: .now)[...] + queue
            case .stop:
                return true
            }
        }
        return false
    }

    /// Every thread's stack of the live process (only ever at the deadline and at the kill);
    /// nil when stacks are not taken.
    nonisolated(nonsending) private func sampleStacks(of pid: pid_t, moment: HangMoment) async -> StackSample? {
        let sampler = configuration.stackSampler
        guard sampler.tool != nil else { return nil }
        switch await sampler.sample(pid: pid, ownCode: ownCode) {
        case .success(let threads): return StackSample(moment: moment, threads: threads)
        case .failure(let failure): return StackSample(moment: moment, error: failure.message)
        }
    }

    /// Keeps what the extension prints on its standard error (also the content extension's session).
    static func collectOutput(_ process: ExtensionProcess, into log: LogCollector) async {
        do {
            try await process.readErrorLines(maximumLineLength: 1024 * 1024) { log.append($0) }
        } catch {
            log.append("(the rest of the extension's output could not be read: \(error))")
        }
    }

    /// Reads the protocol messages on the process's standard output until it ends (also the
    /// content extension's session).
    static func readEvents(_ process: ExtensionProcess, into continuation: AsyncStream<LifecycleInput>.Continuation) async {
        // Messages end at "\n" only (JSON may hold U+2028 unescaped).
        var splitter = ProtocolLineSplitter(maximumLineLength: maximumMessageLength)
        func yield(_ line: [UInt8]) {
            do {
                continuation.yield(.event(try HostEvent(line: line)))
            } catch {
                continuation.yield(.protocolViolation("\(error); the line began: \(preview(of: line))"))
            }
        }
        var failure: String?
        do {
            try await process.readOutput { bytes in
                switch Result(catching: { () throws(ProtocolLineSplitter.LineTooLong) in try splitter.append(bytes) }) {
                case .success(let lines):
                    lines.forEach(yield)
                    return true
                case .failure(let error):
                    failure = "extension protocol: \(error)"
                    return false
                }
            }
        } catch {
            failure = "the extension's output cannot be read: \(error)"
        }
        // A last line without "\n" was cut short by the process's end: not a message.
        if let failure { continuation.yield(.protocolViolation(failure)) }
        continuation.yield(.outputClosed)
    }

    nonisolated(nonsending) private func send(_ command: HostCommand, to process: ExtensionProcess) async {
        await Self.send(command, to: process)
    }

    /// Writes one command (also the content extension's session).
    nonisolated(nonsending) static func send(_ command: HostCommand, to process: ExtensionProcess) async {
        var bytes = [UInt8](command.jsonValue.serialized())
        bytes.append(UInt8(ascii: "\n"))
        // A failed write means the process is gone; its end arrives as outputClosed.
        _ = try? await process.write(bytes)
    }

    /// Whether the process still runs once its output has ended. A process that dies
    /// closes its descriptors on the way out, a moment before it is a zombie: wait for
    /// that moment (up to 200 ms) before saying it lives on.
    nonisolated(nonsending) static func isRunning(_ pid: pid_t) async -> Bool {
        for _ in 0..<100 {
            guard let entry = ProcessTable.entry(pid), entry.isAlive else { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    /// The start of a line that is not a protocol message, readable: control characters
    /// and bytes that are not UTF-8 escaped.
    static func preview(of line: [UInt8]) -> String {
        var text = ""
        for scalar in String(decoding: line.prefix(80), as: UTF8.self).unicodeScalars {
            switch scalar.value {
            case 0x20..<0x7F, 0xA0...: text.unicodeScalars.append(scalar)
            default: text += String(format: "\\u{%02X}", scalar.value)
            }
        }
        if text.unicodeScalars.contains("\u{FFFD}") { text += " (not UTF-8)" }
        return line.count > 80 ? text + "..." : text
    }

    // MARK: - After the process

    /// Records how the process ended.
    func processEnded(_ status: TerminationStatus) {
        switch status {
        case .exited(let code): machine.processEnded("exited with status \(code)", signaled: false)
        case .signaled(let signal):
            // Where and why, from the runtime's report and message (SIGKILL is nsesim's or the system's).
            let crash =
                signal == SIGKILL
                ? nil
                : ExtensionCrash(
                    signal: signal, reason: RuntimeFailureMessage.last(in: log.text),
                    backtrace: log.backtraceLine.flatMap(SwiftBacktrace.init(reportLine:)), ownCode: ownCode)
            machine.processEnded("killed by \(Self.signalName(signal))", signaled: true, crash: crash)
        }
    }

    /// Records that the process could not be started at all.
    func spawnFailed(_ message: String) {
        machine.spawnFailed(message, at: .now)
    }

    /// The results of the requests this process took, in order.
    func finishedResults() -> [ExtensionRunResult] {
        machine.finishedResults(log: log.text)
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGILL: "SIGILL",
            SIGTRAP: "SIGTRAP", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGTERM: "SIGTERM",
        ]
        return "signal \(signal) (\(names[signal] ?? "SIG\(signal)"))"
    }
}
