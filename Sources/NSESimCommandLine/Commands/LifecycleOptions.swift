import ArgumentParser
import NSESimCore
import NSESimHost
import NSESimRuntime

/// The deadline, the grace, the memory limit (docs/behaviour.md#deadline-and-grace) and the phone's lock state, shared
/// by every command that runs an extension (`run`, `deliver`, `show`, `apns`, `bench`).
package struct LifecycleOptions: ParsableArguments {
    package init() {}

    @Option(help: "Seconds until serviceExtensionTimeWillExpire() (iOS: 30).")
    var deadline: Double = 30

    @Option(help: "Seconds after timeWillExpire in which a content handler call still counts (Apple documents none).")
    var grace: Double = 2

    @Option(
        help: ArgumentHelp(
            "Kill the extension when it adds more than this above the empty-extension baseline, as iOS's "
                + "jetsam does at 24 MiB of footprint (default: 22MiB above the baseline; none: no limit).",
            valueName: "SIZE|none"), transform: MemoryLimitArgument.parse)
    var memoryLimit: MemoryLimitArgument = .default

    @Option(
        help: ArgumentHelp(
            "The phone's lock state when the push arrives: unlocked, locked (after the first unlock) or "
                + "before-first-unlock. The keychain refuses items the state does not allow (errSecInteractionNotAllowed).",
            valueName: "STATE"), transform: Self.lockState)
    var lockState: LockState = .unlocked

    /// `--lock-state`: one of ``LockState``'s values; anything else names it and them (exit 64).
    static func lockState(_ argument: String) throws -> LockState {
        guard let state = LockState(rawValue: argument) else {
            throw ValidationError("\"\(argument)\" is not a lock state: expected one of \(LockState.accepted)")
        }
        return state
    }

    package func validate() throws {
        guard deadline > 0, deadline.isFinite else { throw ValidationError("--deadline must be a number of seconds above 0") }
        guard grace >= 0, grace.isFinite else { throw ValidationError("--grace must be 0 or more seconds") }
    }

    /// The run configuration with these limits and the extension's extra environment.
    func configuration(environment: [String: String]) -> RunConfiguration {
        RunConfiguration(
            deadline: .milliseconds(Int64(deadline * 1000)), grace: .milliseconds(Int64(grace * 1000)),
            memoryLimit: memoryLimit.bytes, environment: environment, lockState: lockState)
    }
}
