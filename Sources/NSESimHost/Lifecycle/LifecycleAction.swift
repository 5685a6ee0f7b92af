import NSESimRuntime

/// What the lifecycle asks its driver to do, in order.
package enum LifecycleAction: Sendable, Equatable {
    /// Write a command to the extension process.
    case send(HostCommand)
    /// Feed ``LifecycleInput/timer(_:)`` back at this instant (unless the process is done by then).
    case arm(LifecycleTimer, at: ContinuousClock.Instant)
    /// SIGKILL the extension process and everything it started.
    case killAll
    /// SIGKILL what the extension process started, leaving the process itself to exit.
    case killDescendants
    /// Close the command pipe: a finished process exits when it sees that.
    case closeInput
    /// Find out whether the process still runs, and feed ``LifecycleInput/livenessChecked(running:)`` back at once.
    case checkLiveness
    /// Take the stacks of the process's threads now, at the deadline or before the kill, and feed
    /// ``LifecycleInput/stacksSampled(sequence:moment:sample:)`` back at once.
    case sampleStacks(sequence: Int64, moment: HangMoment)
    /// The process is done with: stop reading it.
    case stop
}
