import Foundation
import NSESimBuild
import NSESimRuntime
import NSESimStore
import Subprocess
import SystemPackage

/// Runs a content extension in its own process, as iOS does when the user long-presses a
/// notification: feeds what the process says to the ``ContentExtensionStateMachine`` and
/// performs what it asks (write a call, arm the answer timer, stop). Everything the process
/// started is killed at the end.
package struct ContentExtensionSession: Sendable {
    package let built: BuiltExtension
    package let toolchain: ExtensionToolchain
    /// The app's data (its center, app groups, keychain) and `--strings`, as for a run.
    package let environment: [String: String]
    /// How long each call may take to be answered.
    package var timeout: Duration = .seconds(10)

    package init(built: BuiltExtension, toolchain: ExtensionToolchain, environment: [String: String]) {
        self.built = built
        self.toolchain = toolchain
        self.environment = environment
    }

    /// Presents the notification with `presentArguments` and plays `steps`.
    package func run(presentArguments: JSONValue, steps: [ContentExtensionStep]) async -> ContentExtensionResult {
        var machine = ContentExtensionStateMachine(presentArguments: presentArguments, steps: steps, timeout: timeout)
        let launcher = ExtensionLauncher(built: built, toolchain: toolchain, environment: environment)
        let log = LogCollector()
        do throws(ExtensionLauncher.Failure) {
            try await launcher.withContainer { container throws(ExtensionLauncher.Failure) in
                _ = try await launcher.run(in: container) { process in
                    machine = await drive(process, container: container, machine: machine, log: log)
                }
            }
        } catch {
            var result = machine.result
            result.errors.append(error.message)
            return result
        }
        var result = machine.result
        result.log = log.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.log.last == "" { result.log.removeLast() }
        return result
    }

    /// Plays the session with the running process: its events into the state machine, the
    /// machine's calls and timers out, until it stops; then everything the process started is
    /// killed. Returns the machine as it ended.
    private func drive(
        _ process: ExtensionProcess, container: ExtensionContainer,
        machine start: ContentExtensionStateMachine, log: LogCollector
    ) async -> ContentExtensionStateMachine {
        var machine = start
        let family = ExtensionProcessFamily(host: process.pid, container: container)
        let (inputs, continuation) = AsyncStream.makeStream(of: ContentExtensionStateMachine.Input.self)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                let (events, relay) = AsyncStream.makeStream(of: LifecycleInput.self)
                let reader = Task {
                    await LifecycleSession.readEvents(process, into: relay)
                    relay.finish()
                }
                for await event in events {
                    switch event {
                    case .event(let event): continuation.yield(.event(event))
                    case .protocolViolation(let message): continuation.yield(.event(.failed(message: message)))
                    case .outputClosed: continuation.yield(.outputClosed)
                    default: break
                    }
                }
                await reader.value
            }
            group.addTask { await LifecycleSession.collectOutput(process, into: log) }
            var iterator = inputs.makeAsyncIterator()
            var timer: Task<Void, Never>?
            var actions = machine.start()[...]
            var done = false
            while !done {
                while let action = actions.popFirst() {
                    switch action {
                    case .send(let command):
                        await LifecycleSession.send(command, to: process)
                    case .armTimer(let duration):
                        timer?.cancel()
                        timer = Task {
                            try? await Task.sleep(for: duration)
                            if !Task.isCancelled { continuation.yield(.timedOut) }
                        }
                    case .stop:
                        done = true
                    }
                }
                if done { break }
                guard let input = await iterator.next() else { break }
                if case .event(.answer) = input { timer?.cancel() }
                actions = machine.handle(input)[...]
            }
            timer?.cancel()
            family.killAll(process)
            group.cancelAll()
            continuation.finish()
        }
        return machine
    }
}
