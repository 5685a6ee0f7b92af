import NSESimRuntime

/// How nsesim runs an extension: the deadline, the grace, the memory limit (docs/behaviour.md#deadline-and-grace),
/// the lock state.
package struct RunConfiguration: Sendable {
    /// When `serviceExtensionTimeWillExpire()` is called: 30 seconds on iOS.
    package var deadline: Duration
    /// How long after `timeWillExpire` a content handler call still counts before the
    /// process is killed. Apple documents none; nsesim's default is 2 seconds.
    package var grace: Duration
    /// The most memory the extension may add above the empty extension's baseline before
    /// it is killed like iOS kills it (about 24 MB on iOS); nil for no limit.
    package var memoryLimit: Int64?
    /// How often the extension process's memory is read.
    package var memoryPollInterval: Duration
    /// How long an extension may take to load before it counts as crashed.
    package var startTimeout: Duration
    /// How long a finished extension may take to exit before it is killed.
    package var exitTimeout: Duration
    /// Extra environment for the extension process.
    package var environment: [String: String]
    /// The phone's lock state when the push arrives (`--lock-state`): the keychain and file
    /// protection apply it in the extension process (`NSESIM_LOCK_STATE`).
    package var lockState: LockState = .unlocked
    /// What takes a hung extension's stacks at the deadline and at the kill (`NSESIM_STACK_TOOL`).
    package var stackSampler = StackSampler()

    package init(
        deadline: Duration = .seconds(30), grace: Duration = .seconds(2), memoryLimit: Int64? = nil,
        memoryPollInterval: Duration = .milliseconds(5), startTimeout: Duration = .seconds(20),
        exitTimeout: Duration = .seconds(1), environment: [String: String] = [:], lockState: LockState = .unlocked
    ) {
        self.deadline = deadline
        self.grace = grace
        self.memoryLimit = memoryLimit
        self.memoryPollInterval = memoryPollInterval
        self.startTimeout = startTimeout
        self.exitTimeout = exitTimeout
        self.environment = environment
        self.lockState = lockState
    }
}
