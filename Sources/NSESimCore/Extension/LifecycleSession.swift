import Foundation
import Synchronization
import Subprocess
import SystemPackage
@_spi(NSESim) import UserNotifications
import NSESimRuntime

/// Drives one extension process through SPEC section 4's lifecycle for one or more
/// requests, turning the process's events, the deadline timers and the memory readings
/// into results. Its state is touched only by the task that runs `drive` and, after the
/// process has ended, by the caller; the reader tasks only pass signals along.
final class LifecycleSession {
    typealias HostExecution = Execution<CustomWriteInput, SequenceOutput, SequenceOutput>

    /// Everything the session reacts to, in the order it happens.
    enum Signal: Sendable {
        case event(HostEvent)
        case protocolViolation(String)
        case outputClosed
        case deadline(Int64)
        case graceOver(Int64)
        case memory(ProcessMemory)
        case startTimeout
        case exitTimeout
    }

    /// The request being served.
    private struct Current {
        let sequence: Int64
        let start: ContinuousClock.Instant
        var inGrace = false
        var handled = false
    }

    private let requests: [(sequence: Int64, request: ExtensionRequest)]
    private let configuration: RunConfiguration
    private let spawnedAt: ContinuousClock.Instant
    private let log = LogCollector()
    private var results: [Int64: ExtensionRunResult] = [:]
    private var taken: [Int64] = []
    private var next = 0
    private var current: Current?
    private var baseline: ProcessMemory?
    private var peak: Int64 = 0
    private var startDuration: Duration?
    private var finishing = false
    private var crashedEvent: (sequence: Int64, index: Int)?
    private var weKilled = false
    private let container: ExtensionContainer
    /// Everything the extension process started; set when `drive` begins.
    private var family: ExtensionProcessFamily?

    /// The longest protocol message accepted from the extension.
    static let maximumMessageLength = 8 * 1024 * 1024

    init(requests: [(sequence: Int64, request: ExtensionRequest)], configuration: RunConfiguration,
         container: ExtensionContainer, spawnedAt: ContinuousClock.Instant) {
        self.requests = requests
        self.configuration = configuration
        self.container = container
        self.spawnedAt = spawnedAt
    }

    // MARK: - Driving the process

    nonisolated(nonsending) func drive(_ execution: HostExecution) async throws {
        let (signals, continuation) = AsyncStream.makeStream(of: Signal.self)
        let pid = execution.processIdentifier.value
        let configuration = configuration
        let log = log
        let family = ExtensionProcessFamily(host: pid, container: container)
        self.family = family
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // Messages end at "\n" only (JSON may hold U+2028 unescaped).
                var splitter = ProtocolLineSplitter(maximumLineLength: Self.maximumMessageLength)
                func yield(_ line: [UInt8]) {
                    do {
                        continuation.yield(.event(try HostEvent(line: line)))
                    } catch {
                        continuation.yield(.protocolViolation("\(error); the line began: \(Self.preview(of: line))"))
                    }
                }
                var failure: String?
                do {
                    reading: for try await buffer in execution.standardOutput {
                        let lines = Result { () throws(ProtocolLineSplitter.LineTooLong) in
                            try buffer.withUnsafeBytes { bytes throws(ProtocolLineSplitter.LineTooLong) in try splitter.append(bytes) }
                        }
                        switch lines {
                        case .success(let lines): lines.forEach(yield)
                        case .failure(let error):
                            failure = "extension protocol: \(error)"
                            break reading
                        }
                    }
                } catch {
                    failure = "the extension's output cannot be read: \(error)"
                }
                // A last line without "\n" was cut short by the process's end: not a message.
                if let failure { continuation.yield(.protocolViolation(failure)) }
                continuation.yield(.outputClosed)
            }
            group.addTask {
                do {
                    for try await line in execution.standardError.strings(bufferingPolicy: .maxLineLength(1024 * 1024)) {
                        log.append(line)
                    }
                } catch {
                    log.append("(the rest of the extension's output could not be read: \(error))")
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    if let memory = ProcessMemory.read(pid: pid) { continuation.yield(.memory(memory)) }
                    try? await Task.sleep(for: configuration.memoryPollInterval)
                }
            }
            group.addTask {
                try? await Task.sleep(for: configuration.startTimeout)
                if !Task.isCancelled { continuation.yield(.startTimeout) }
            }

            for await signal in signals {
                let done = await handle(signal, execution: execution, group: &group, continuation: continuation)
                if done { break }
            }
            // Whatever happened, nothing of the extension outlives its notification:
            // SIGKILL to the host and everything it started (ExtensionProcessFamily).
            family.killAll(execution)
            group.cancelAll()
            continuation.finish()
        }
    }

    /// Reacts to one signal; true when the process is done with.
    nonisolated(nonsending) private func handle(_ signal: Signal, execution: HostExecution, group: inout TaskGroup<Void>,
                        continuation: AsyncStream<Signal>.Continuation) async -> Bool {
        switch signal {
        case .event(.ready(_, let memory)):
            baseline = memory
            peak = max(peak, memory.peakBytes)
            startDuration = ContinuousClock.now - spawnedAt
            return await startNextRequest(execution: execution, group: &group, continuation: continuation)

        case .event(.failed(let message)):
            let sequence = current?.sequence ?? takeFirstRequest()
            results[sequence]?.errors.append(message)
            if current?.handled != true {
                results[sequence]?.outcome = .originalCrash
                addEvent(.crashed, detail: message, to: sequence)
                addEvent(.delivered, detail: "original content", to: sequence)
            }
            return true

        case .event(.didReceive(let sequence)):
            addEvent(.didReceive, to: sequence)
            return false

        case .event(.contentHandler(let sequence, let call, let content, let memory)):
            peak = max(peak, memory.peakBytes)
            results[sequence]?.handlerCalls += 1
            guard var request = current, request.sequence == sequence, !request.handled else {
                let at = milliseconds(for: sequence)
                results[sequence]?.warnings.append(RunWarning(.handlerCalledAgain, "the content handler was called again (call \(call), at "
                    + "\(String(format: "%.1f", at)) ms); only the first call counts, as on iOS"))
                addEvent(.contentHandler, detail: "ignored (call \(call))", to: sequence)
                return false
            }
            request.handled = true
            current = request
            results[sequence]?.outcome = request.inGrace ? .bestAttempt : .modified
            results[sequence]?.handedContent = content
            addEvent(.contentHandler, detail: request.inGrace ? "during the grace" : nil, to: sequence)
            addEvent(.delivered, detail: "the extension's content", to: sequence)
            return await startNextRequest(execution: execution, group: &group, continuation: continuation)

        case .event(.timeWillExpire(let sequence)):
            results[sequence]?.timeWillExpireStartedMs = milliseconds(for: sequence)
            return false

        case .event(.finished(let memory)):
            peak = max(peak, memory.peakBytes)
            // The extension is done: what it started goes now, while the host still holds
            // its orphans; then the host, told by the end of its input, exits on its own.
            family?.killDescendants()
            try? await execution.standardInputWriter.finish()
            return false

        case .deadline(let sequence):
            guard var request = current, request.sequence == sequence, !request.handled else { return false }
            request.inGrace = true
            current = request
            // The timeline shows when iOS calls it: at the deadline, even if the process is
            // too busy to start running it at once (that moment is timeWillExpireStartedMs).
            addEvent(.timeWillExpire, to: sequence)
            await send(.timeWillExpire(sequence: sequence), to: execution)
            return false

        case .graceOver(let sequence):
            guard let request = current, request.sequence == sequence, !request.handled else { return false }
            kill(execution)
            results[sequence]?.outcome = .originalTimeout
            addEvent(.killed, detail: "SIGKILL at the end of the grace", to: sequence)
            addEvent(.delivered, detail: "original content", to: sequence)
            return true

        case .memory(let memory):
            peak = max(peak, memory.peakBytes)
            guard let limit = configuration.memoryLimit, let baseline,
                  memory.residentBytes - baseline.residentBytes > limit else { return false }
            kill(execution)
            let added = memory.residentBytes - baseline.residentBytes
            let detail = "SIGKILL: \(added) bytes above the baseline, over the \(limit)-byte limit"
            let sequence = current?.sequence ?? takeFirstRequest()
            if current?.handled == true {
                results[sequence]?.warnings.append(RunWarning(.killedAfterHandler,
                    "the extension was killed for memory after it called the content handler; its content stands"))
                addEvent(.killed, detail: detail, to: sequence)
            } else {
                results[sequence]?.outcome = .killedMemory
                addEvent(.killed, detail: detail, to: sequence)
                addEvent(.delivered, detail: "original content", to: sequence)
            }
            return true

        case .outputClosed:
            if finishing { return true }
            let sequence = current?.sequence ?? takeFirstRequest()
            if await Self.isRunning(execution.processIdentifier.value) {
                // Not a crash: the process lives on without its connection to nsesim.
                kill(execution)
                let message = "the extension closed its connection to nsesim (the protocol pipe) while it was still running"
                if current?.handled == true {
                    addEvent(.killed, detail: "it closed its connection to nsesim", to: sequence)
                } else {
                    results[sequence]?.errors.append(message)
                    results[sequence]?.outcome = .originalCrash
                    addEvent(.killed, detail: "it closed its connection to nsesim", to: sequence)
                    addEvent(.delivered, detail: "original content", to: sequence)
                }
                return true
            }
            if current?.handled == true {
                results[sequence]?.warnings.append(RunWarning(.crashedAfterHandler,
                    "the extension crashed after it called the content handler; its content stands"))
                addEvent(.crashed, to: sequence)
            } else {
                results[sequence]?.outcome = .originalCrash
                addEvent(.crashed, to: sequence)
                addEvent(.delivered, detail: "original content", to: sequence)
            }
            crashedEvent = (sequence, (results[sequence]?.timeline.lastIndex { $0.event == .crashed }) ?? 0)
            return true

        case .protocolViolation(let message):
            kill(execution)
            let sequence = current?.sequence ?? takeFirstRequest()
            results[sequence]?.errors.append(message)
            if current?.handled != true {
                results[sequence]?.outcome = .originalCrash
                addEvent(.killed, detail: "it broke the extension protocol", to: sequence)
                addEvent(.delivered, detail: "original content", to: sequence)
            }
            return true

        case .startTimeout:
            guard baseline == nil else { return false }
            kill(execution)
            let sequence = takeFirstRequest()
            results[sequence]?.errors.append("the extension did not start within \(configuration.startTimeout)")
            addEvent(.killed, detail: "did not start", to: sequence)
            addEvent(.delivered, detail: "original content", to: sequence)
            return true

        case .exitTimeout:
            kill(execution)  // finished, but slow to exit: not an error
            return true
        }
    }

    /// Sends the next request, or `finish` when none is left.
    nonisolated(nonsending) private func startNextRequest(execution: HostExecution, group: inout TaskGroup<Void>,
                                  continuation: AsyncStream<Signal>.Continuation) async -> Bool {
        guard next < requests.count else {
            finishing = true
            await send(.finish, to: execution)
            let timeout = configuration.exitTimeout
            group.addTask {
                try? await Task.sleep(for: timeout)
                if !Task.isCancelled { continuation.yield(.exitTimeout) }
            }
            return false
        }
        let (sequence, request) = requests[next]
        next += 1
        taken.append(sequence)
        results[sequence] = ExtensionRunResult(outcome: .originalCrash, requestIdentifier: request.identifier)
        let start = ContinuousClock.now
        current = Current(sequence: sequence, start: start)
        results[sequence]?.didReceiveAt = start
        await send(.request(sequence: sequence, identifier: request.identifier, content: request.content), to: execution)
        let deadline = start + configuration.deadline
        let graceEnd = deadline + configuration.grace
        group.addTask {
            try? await Task.sleep(until: deadline, clock: .continuous)
            guard !Task.isCancelled else { return }
            continuation.yield(.deadline(sequence))
            try? await Task.sleep(until: graceEnd, clock: .continuous)
            guard !Task.isCancelled else { return }
            continuation.yield(.graceOver(sequence))
        }
        return false
    }

    /// The first request, taken when the process fails before serving any.
    private func takeFirstRequest() -> Int64 {
        if let first = taken.first { return first }
        let sequence = requests[0].sequence
        taken.append(sequence)
        next = max(next, 1)
        results[sequence] = ExtensionRunResult(outcome: .originalCrash, requestIdentifier: requests[0].request.identifier)
        return sequence
    }

    nonisolated(nonsending) private func send(_ command: HostCommand, to execution: HostExecution) async {
        var bytes = [UInt8](command.jsonValue.serialized())
        bytes.append(UInt8(ascii: "\n"))
        // A failed write means the process is gone; its end arrives as outputClosed.
        _ = try? await execution.standardInputWriter.write(bytes)
    }

    private func kill(_ execution: HostExecution) {
        weKilled = true
        family?.killAll(execution)
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

    private func milliseconds(for sequence: Int64) -> Double {
        guard let start = current?.sequence == sequence ? current?.start : nil else { return 0 }
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    private func addEvent(_ kind: TimelineEvent.Kind, detail: String? = nil, to sequence: Int64) {
        results[sequence]?.timeline.append(TimelineEvent(tMs: milliseconds(for: sequence), event: kind, detail: detail))
    }

    // MARK: - After the process

    /// Records how the process ended.
    func processEnded(_ status: TerminationStatus) {
        let description: String
        switch status {
        case .exited(let code): description = "exited with status \(code)"
        case .signaled(let signal): description = "killed by \(Self.signalName(signal))"
        }
        for sequence in taken { results[sequence]?.processExit = description }
        if let crashed = crashedEvent, var result = results[crashed.sequence], crashed.index < result.timeline.count {
            let event = result.timeline[crashed.index]
            result.timeline[crashed.index] = TimelineEvent(tMs: event.tMs, event: .crashed, detail: description)
            if case .exited = status {
                result.errors.append("the extension process \(description) before it called the content handler")
            } else {
                result.errors.append("the extension crashed: \(description)")
            }
            results[crashed.sequence] = result
        }
    }

    /// Records that the process could not be started at all.
    func spawnFailed(_ message: String) {
        let sequence = takeFirstRequest()
        results[sequence]?.errors.append(message)
        addEvent(.delivered, detail: "original content", to: sequence)
    }

    /// The results of the requests this process took, in order.
    func finishedResults() -> [ExtensionRunResult] {
        let text = log.text
        return taken.compactMap { sequence in
            guard var result = results[sequence] else { return nil }
            result.baselineMemoryBytes = baseline?.peakBytes ?? 0
            result.peakMemoryBytes = max(peak, result.baselineMemoryBytes)
            result.startDuration = startDuration
            result.log = text
            return result
        }
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGILL: "SIGILL",
                                      SIGTRAP: "SIGTRAP", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGTERM: "SIGTERM"]
        return "signal \(signal) (\(names[signal] ?? "SIG\(signal)"))"
    }
}

/// The extension's printed output, kept to its last 64 KB.
final class LogCollector: Sendable {
    private let storage = Mutex(String())
    private static let limit = 64 * 1024

    func append(_ line: String) {
        storage.withLock { text in
            text += line + "\n"
            if text.utf8.count > Self.limit { text = String(text.suffix(Self.limit / 2)) }
        }
    }

    var text: String { storage.withLock { $0 } }
}
