import Foundation
import NSESimRuntime
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
        signal(SIGPIPE, SIG_IGN)
        var machine = ContentExtensionStateMachine(presentArguments: presentArguments, steps: steps, timeout: timeout)
        let container: ExtensionContainer
        do {
            container = try ExtensionContainer.create()
        } catch {
            var result = machine.result
            result.errors.append("cannot create the extension's container: \(error.localizedDescription)")
            return result
        }
        defer { container.remove() }
        let host = built.bundleDirectory?.appendingPathComponent("nsesim-extension-host") ?? toolchain.hostExecutable
        var variables: [Environment.Key: String?] = [:]
        for (key, value) in container.environment.merging(environment, uniquingKeysWith: { $1 }) {
            variables[Environment.Key(rawValue: key)!] = value
        }
        var options = PlatformOptions()
        options.createSession = true
        let log = LogCollector()
        do {
            let outcome = try await Subprocess.run(
                .path(FilePath(host.path)), arguments: [built.library.path],
                environment: .inherit.updating(variables), workingDirectory: FilePath(container.root.path),
                platformOptions: options, input: .inputWriter, output: .sequence, error: .sequence
            ) { execution in
                let family = ExtensionProcessFamily(host: execution.processIdentifier.value, container: container)
                let (inputs, continuation) = AsyncStream.makeStream(of: ContentExtensionStateMachine.Input.self)
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        let (events, relay) = AsyncStream.makeStream(of: LifecycleInput.self)
                        let reader = Task { await LifecycleSession.readEvents(execution, into: relay); relay.finish() }
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
                    group.addTask { await LifecycleSession.collectOutput(execution, into: log) }
                    var iterator = inputs.makeAsyncIterator()
                    var timer: Task<Void, Never>?
                    var actions = machine.start()[...]
                    var done = false
                    while !done {
                        while let action = actions.popFirst() {
                            switch action {
                            case .send(let command):
                                await LifecycleSession.send(command, to: execution)
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
                    family.killAll(execution)
                    group.cancelAll()
                    continuation.finish()
                }
            }
            _ = outcome
        } catch {
            var result = machine.result
            result.errors.append("cannot start \(host.path): \(error)")
            return result
        }
        var result = machine.result
        result.log = log.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.log.last == "" { result.log.removeLast() }
        return result
    }
}
