import Foundation
import NSESimRuntime
import NSESimStore
import Subprocess
import Synchronization

/// A place for one service-extension process from its spawn until a notification's
/// lifecycle takes it: the process's container, its log, the inputs read from it so far and
/// its ``WarmSlotStateMachine``, with the thin I/O layer around the machine. The process
/// itself, as the lifecycle talks to it, is an ``ExtensionProcess``; the slot holds it until
/// it is taken. ``ExtensionLauncher/start()`` spawns it and reads its output from the first
/// byte (so a process started before its notification, a *warm* one, has said `ready` by the
/// time the push comes); ``claim()`` and ``drive(_:)`` hand it to a notification's lifecycle,
/// with every input read so far; ``end()`` ends one nothing took (its input closed, so it
/// exits; what is left killed; reaped; its container removed).
///
/// A cold process is one taken at once. A warm one that died before it was taken (a crash
/// at load, a kill) is not driven: ``claim()`` says why, and the notification starts
/// in a fresh process.
package final class WarmSlot: Sendable {
    /// What drives a taken process: the running process, the inputs read from it since its
    /// spawn (its events, its output's end), and the continuation of that stream, into which
    /// the driver feeds its own inputs (timers, memory readings).
    package typealias Driver =
        @Sendable (
            ExtensionProcess, AsyncStream<LifecycleInput>,
            AsyncStream<LifecycleInput>.Continuation
        ) async -> Void

    /// What came of claiming the process for a notification.
    package enum Claim: Sendable {
        /// Drive it (``drive(_:)``); `readyAt`: when it said `ready` before it was claimed
        /// (nil: it is still loading, the lifecycle waits for `ready` as for a cold process).
        case drive(readyAt: ContinuousClock.Instant?)
        /// It cannot serve: dead before it was claimed (why). It has been reaped and its
        /// container removed.
        case dead(String)
    }

    /// The extension's container (its HOME, tmp and caches); removed by ``end()`` or, after a
    /// notification, by the runner once the attachments are out of it.
    package let container: ExtensionContainer
    /// When the spawn began.
    package let spawnedAt: ContinuousClock.Instant
    /// What the extension printed since its spawn.
    let log: LogCollector
    private let shared: Shared
    private let task: Task<Result<TerminationStatus, ExtensionLauncher.Failure>, Never>

    /// What the spawning task and the callers share.
    private final class Shared: Sendable {
        enum Order: Sendable {
            case drive(Driver)
            case end
        }

        let machine = Mutex(WarmSlotStateMachine())
        let pid = Atomic<Int32>(0)
        let start = Mutex<(ExtensionProcess.Start, String?)?>(nil)
        let log = LogCollector()
        let inputs: AsyncStream<LifecycleInput>
        let inputContinuation: AsyncStream<LifecycleInput>.Continuation
        let orders: AsyncStream<Order>
        let orderContinuation: AsyncStream<Order>.Continuation
        /// A signal each time the process said `ready` or was found gone.
        let settled: AsyncStream<Void>
        let settledContinuation: AsyncStream<Void>.Continuation

        init() {
            (inputs, inputContinuation) = AsyncStream.makeStream(of: LifecycleInput.self)
            (orders, orderContinuation) = AsyncStream.makeStream(of: Order.self)
            (settled, settledContinuation) = AsyncStream.makeStream(of: Void.self)
        }

        var state: WarmSlotStateMachine.State { machine.withLock { $0.state } }

        func handle(_ input: WarmSlotStateMachine.Input) -> WarmSlotStateMachine.Action {
            defer {
                switch input {
                case .ready, .died: settledContinuation.yield()
                case .take, .end: break
                }
            }
            return machine.withLock { $0.handle(input) }
        }
    }

    init(launcher: ExtensionLauncher, container: ExtensionContainer) {
        self.container = container
        spawnedAt = .now
        let shared = Shared()
        self.shared = shared
        log = shared.log
        task = Task { await Self.spawn(launcher, in: container, shared: shared) }
    }

    /// The slot's state (for tests and reports).
    package var state: WarmSlotStateMachine.State { shared.state }

    /// How the process was started, and why it was spawned when it was to be forked (nil
    /// before it started).
    package var start: (how: ExtensionProcess.Start, note: String?)? { shared.start.withLock { $0 } }

    /// The process's id once spawned (0 before).
    package var processIdentifier: pid_t { shared.pid.load(ordering: .acquiring) }

    /// Claims the process for a notification, or says why it cannot serve one (then it is
    /// reaped and its container removed here). With `waitingForLoad`, a process still loading
    /// is waited for (until that long after its spawn): one that crashes at load is then not
    /// driven, and the notification starts in a fresh process instead.
    package func claim(waitingForLoad limit: Duration? = nil) async -> Claim {
        if let limit { await waitForLoad(until: spawnedAt + limit) }
        // A warm process killed a moment ago may not have closed its output yet.
        let pid = processIdentifier
        if pid != 0, ProcessTable.entry(pid)?.isAlive != true {
            // One that died while loading says why on its way out (a `failed` line, its output's
            // end): read that first (a forked process dies before its output is read).
            await waitForLoad(until: .now + .milliseconds(500))
            _ = shared.handle(.died(reason: "it was no longer running"))
        }
        switch shared.handle(.take) {
        case .drive(let readyAt):
            return .drive(readyAt: readyAt)
        case .fallBack(let reason):
            await finish()
            return .dead(reason)
        case .endProcess, .reap, .none:
            await finish()
            return .dead("the process could not be taken")
        }
    }

    /// Returns once the process has said `ready` or is gone, or at `deadline`.
    private func waitForLoad(until deadline: ContinuousClock.Instant) async {
        let shared = shared
        guard shared.state == .starting else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in shared.settled where shared.state != .starting { return }
            }
            group.addTask { try? await Task.sleep(until: deadline, clock: .continuous) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Hands a claimed process to `driver` (a notification's lifecycle); returns how the
    /// process ended once the driver is done, or why it never ran (a failed spawn).
    package func drive(_ driver: @escaping Driver) async -> Result<TerminationStatus, ExtensionLauncher.Failure> {
        shared.orderContinuation.yield(.drive(driver))
        shared.orderContinuation.finish()
        return await task.value
    }

    /// Ends a process nothing took: its input is closed (a loaded extension process exits
    /// then), what is left of it is killed, it is reaped and its container removed. Nothing
    /// happens to a process a notification took.
    package func end() async {
        switch shared.handle(.end) {
        case .endProcess, .reap: await finish()
        case .drive, .fallBack, .none: break
        }
    }

    /// Tells the spawning task to end the process, waits for it, removes the container.
    private func finish() async {
        shared.orderContinuation.yield(.end)
        shared.orderContinuation.finish()
        _ = await task.value
        container.recycleWithLog()
    }

    /// Spawns the process, reads its output, and waits for its order: drive it, or end it.
    private static func spawn(
        _ launcher: ExtensionLauncher, in container: ExtensionContainer,
        shared: Shared
    ) async -> Result<TerminationStatus, ExtensionLauncher.Failure> {
        do throws(ExtensionLauncher.Failure) {
            let status = try await launcher.spawn(in: container) { process in
                let pid = process.pid
                shared.start.withLock { $0 = (process.start, process.startNote) }
                shared.pid.store(pid, ordering: .releasing)
                await withTaskGroup(of: Void.self) { group in
                    let (raw, relay) = AsyncStream.makeStream(of: LifecycleInput.self)
                    group.addTask {
                        await LifecycleSession.readEvents(process, into: relay)
                        relay.finish()
                    }
                    group.addTask { await LifecycleSession.collectOutput(process, into: shared.log) }
                    group.addTask {
                        // The slot learns whether the process is loaded or gone; the driver,
                        // once there is one, gets every input in order.
                        for await input in raw {
                            switch input {
                            case .event(.ready): _ = shared.handle(.ready(at: .now))
                            case .event(.failed(let message)): _ = shared.handle(.died(reason: message))
                            case .protocolViolation(let message): _ = shared.handle(.died(reason: message))
                            case .outputClosed:
                                _ = shared.handle(
                                    .died(reason: "its connection to nsesim ended while it was waiting (a crash at load, or a kill)"))
                            default: break
                            }
                            shared.inputContinuation.yield(input)
                        }
                    }
                    var orders = shared.orders.makeAsyncIterator()
                    switch await orders.next() ?? .end {
                    case .drive(let driver):
                        await driver(process, shared.inputs, shared.inputContinuation)
                    case .end:
                        // A loaded extension process exits when its input ends; one that does
                        // not within a second (or is still loading) is killed with everything
                        // it started.
                        try? await process.finishInput()
                        for _ in 0..<500 {
                            guard ProcessTable.entry(pid)?.isAlive == true else { break }
                            try? await Task.sleep(for: .milliseconds(2))
                        }
                        ExtensionProcessFamily(host: pid, container: container).killAll(process)
                    }
                    shared.inputContinuation.finish()
                    group.cancelAll()
                }
            }
            return .success(status)
        } catch {
            _ = shared.handle(.died(reason: error.message))
            return .failure(error)
        }
    }
}
