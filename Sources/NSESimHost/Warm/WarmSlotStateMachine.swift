/// The life of one extension process started before its notification came (a *warm*
/// process), as a pure state machine: it reads no clock and does no I/O, so
/// `WarmSlotStateMachineTests` drive every path without a process. ``WarmSlot``
/// is the thin I/O layer that feeds it and performs what it answers.
///
/// ```
///  starting ──ready──► ready ──take──► taken      (the lifecycle drives it)
///     │  └────────────take──────────► taken      (taken before it was ready: the lifecycle waits for `ready`)
///     ├──died──► dead ──take──► ended            (fall back to a cold start, say why)
///     └──end───► ended ◄──end── ready / dead     (never used: input closed, reaped, container removed)
/// ```
package struct WarmSlotStateMachine: Sendable, Equatable {
    /// Where the process is.
    package enum State: Sendable, Equatable {
        /// Spawned (or being spawned); the extension is loading.
        case starting
        /// Loaded: it said `ready` at this instant and waits for its request.
        case ready(at: ContinuousClock.Instant)
        /// Handed to a notification's lifecycle, which owns it from now on.
        case taken
        /// It ended before anything took it (a crash at load, a kill, a failed spawn).
        case dead(reason: String)
        /// Done with, never used by a notification.
        case ended
    }

    /// What the slot hears.
    package enum Input: Sendable, Equatable {
        /// The extension said `ready` at this instant.
        case ready(at: ContinuousClock.Instant)
        /// The process's output ended, it broke the protocol, it reported `failed`, or it
        /// could not be spawned: it cannot serve a notification.
        case died(reason: String)
        /// A notification wants the process.
        case take
        /// Nothing will want it any more (the command ends, the configuration changed, SIGINT).
        case end
    }

    /// What the I/O layer must do.
    package enum Action: Sendable, Equatable {
        /// Hand the process to the notification's lifecycle; `readyAt` is when it said
        /// `ready` (nil: not yet, the lifecycle waits for it as for a cold process).
        case drive(readyAt: ContinuousClock.Instant?)
        /// The process is gone: reap it, remove its container, and start the notification
        /// in a fresh process, saying why.
        case fallBack(reason: String)
        /// End the process cleanly: close its input (it exits), kill what is left, reap it,
        /// remove its container.
        case endProcess
        /// Reap what is left of a process that died on its own, remove its container.
        case reap
        /// Nothing to do.
        case none
    }

    package private(set) var state: State = .starting

    package init() {}

    /// Whether a notification can still take the process.
    package var isAvailable: Bool {
        switch state {
        case .starting, .ready: true
        case .taken, .dead, .ended: false
        }
    }

    /// Reacts to one input.
    package mutating func handle(_ input: Input) -> Action {
        switch (state, input) {
        case (.starting, .ready(let at)):
            state = .ready(at: at)
            return .none
        case (.starting, .died(let reason)), (.ready, .died(let reason)):
            state = .dead(reason: reason)
            return .none
        case (.starting, .take):
            state = .taken
            return .drive(readyAt: nil)
        case (.ready(let at), .take):
            state = .taken
            return .drive(readyAt: at)
        case (.dead(let reason), .take):
            state = .ended
            return .fallBack(reason: reason)
        case (.starting, .end), (.ready, .end):
            state = .ended
            return .endProcess
        case (.dead, .end):
            state = .ended
            return .reap
        case (.taken, .take):
            return .fallBack(reason: "the process was already taken by another notification")
        case (.ended, .take):
            return .fallBack(reason: "the process was already ended")
        case (.taken, _), (.ended, _), (.ready, .ready), (.dead, .ready), (.dead, .died):
            // Taken: the lifecycle decides from now on. Ended or dead: nothing more happens.
            return .none
        }
    }
}
