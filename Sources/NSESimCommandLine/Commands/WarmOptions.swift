import ArgumentParser
import Foundation
import NSESimHost
import NSESimRuntime

/// `--cold`: the commands that know more pushes are coming (`deliver`, `apns`, `replay`)
/// start the next push's extension process while one runs (a warm process) unless
/// told not to.
package struct WarmOptions: ParsableArguments {
    package init() {}

    @Flag(
        help: ArgumentHelp(
            "Start each push's extension process when the push comes. By default, where more pushes are "
                + "coming, the next one's process is started (spawned, extension loaded) while one runs; each "
                + "notification still gets a fresh process and its timeline starts at the push."))
    var cold = false

    /// The pool of warm processes, with room for `capacity` waiting at once (`perKey` of them
    /// for one launch configuration); nil with `--cold`.
    package func pool(capacity: Int = 1, perKey: Int = 1) -> WarmProcessPool? {
        cold ? nil : WarmProcessPool(capacity: capacity, perKey: perKey)
    }
}

extension WarmProcessPool {
    /// Ends the waiting processes when SIGINT or SIGTERM comes (input closed, reaped,
    /// containers removed), then exits with 130 as an interrupted command does.
    func endOnInterrupt() {
        let signals = TerminationSignals()
        Task {
            await signals.next()
            await endAll()
            exit(ExitStatus.interrupted.code)
        }
    }
}
