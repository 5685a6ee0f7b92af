import NSESimRuntime

/// Everything the lifecycle of an extension process reacts to, in the order it happens.
package enum LifecycleInput: Sendable, Equatable {
    /// A message from the extension process.
    case event(HostEvent)
    /// A line that is not a protocol message, or output that cannot be read.
    case protocolViolation(String)
    /// The extension process's protocol output ended.
    case outputClosed
    /// The answer to ``LifecycleAction/checkLiveness``: whether the process still runs.
    case livenessChecked(running: Bool)
    /// The answer to ``LifecycleAction/sampleStacks(sequence:moment:)``: the stacks (nil when
    /// stacks are not taken, `NSESIM_STACK_TOOL=none`).
    case stacksSampled(sequence: Int64, moment: HangMoment, sample: StackSample?)
    /// A timer armed by ``LifecycleAction/arm(_:at:)`` went off.
    case timer(LifecycleTimer)
    /// A reading of the process's memory.
    case memory(ProcessMemory)
}

/// The timers of an extension process's lifecycle.
package enum LifecycleTimer: Sendable, Equatable, Hashable {
    /// The process has not said `ready` in time.
    case start
    /// The deadline of request `sequence`: `serviceExtensionTimeWillExpire()`.
    case deadline(Int64)
    /// Request `sequence`'s extension has not said it began timeWillExpire soon after it was
    /// sent: its stacks are taken anyway.
    case deadlineStacks(Int64)
    /// The end of the grace of request `sequence`: SIGKILL, the original content.
    case graceOver(Int64)
    /// A finished process has not exited in time.
    case exit
}
