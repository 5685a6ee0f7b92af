import ArgumentParser
import NSESimCore
import NSESimHost

/// The deadline, the grace and the memory limit (SPEC section 4), shared by `run` and `bench`.
struct LifecycleOptions: ParsableArguments {
    @Option(help: "Seconds until serviceExtensionTimeWillExpire() (iOS: 30).")
    var deadline: Double = 30

    @Option(help: "Seconds after timeWillExpire in which a content handler call still counts (Apple documents none).")
    var grace: Double = 2

    @Option(help: ArgumentHelp("Kill the extension when it adds more than this above the empty-extension baseline, as iOS does near 24MB.", valueName: "SIZE"))
    var memoryLimit: ByteCount?

    func validate() throws {
        guard deadline > 0, deadline.isFinite else { throw ValidationError("--deadline must be a number of seconds above 0") }
        guard grace >= 0, grace.isFinite else { throw ValidationError("--grace must be 0 or more seconds") }
    }

    /// The run configuration with these limits and the extension's extra environment.
    func configuration(environment: [String: String]) -> RunConfiguration {
        RunConfiguration(deadline: .milliseconds(Int64(deadline * 1000)), grace: .milliseconds(Int64(grace * 1000)),
                         memoryLimit: memoryLimit?.bytes, environment: environment)
    }
}
