/// The extension side of nsesim's process protocol. Not part of Apple's API: the entry
/// point that `nsesim build` generates for an extension calls ``main(input:output:makePrincipal:)``.
///
/// Threads, as iOS has them: the main thread runs the main run loop (so
/// `DispatchQueue.main` and timers work); `didReceive` runs on a thread of its own;
/// `serviceExtensionTimeWillExpire()` runs on another thread, so it is called even when
/// the `didReceive` thread is blocked; the content handler may be called from any thread.
public enum _NSESimExtensionRuntime {
    /// Serves nsesim's commands on `input`, reports events on `output`, and never returns
    /// until nsesim says `finish` or closes `input`.
    public static func main(input: Int32, output: Int32, makePrincipal: @escaping () -> UNNotificationServiceExtension) -> Int32 {
        let channel = LineChannel(input: input, output: output)
        let session = ExtensionSession(channel: channel, makePrincipal: makePrincipal)
        channel.send(HostEvent.ready(pid: Int64(getpid()), memory: ProcessMemory.read() ?? ProcessMemory()).jsonValue)
        let reader = Thread { session.serveCommands() }
        reader.name = "nsesim.commands"
        reader.start()
        while true {
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        }
    }
}

/// One extension process's state: the principal objects by request.
private final class ExtensionSession: @unchecked Sendable {
    private let channel: LineChannel
    private let makePrincipal: () -> UNNotificationServiceExtension
    private let lock = NSLock()
    private var principals: [Int64: UNNotificationServiceExtension] = [:]
    /// The didReceive calls that have not returned yet.
    private let running = DispatchGroup()

    init(channel: LineChannel, makePrincipal: @escaping () -> UNNotificationServiceExtension) {
        self.channel = channel
        self.makePrincipal = makePrincipal
    }

    func serveCommands() {
        while let line = channel.receive() {
            guard !line.isEmpty else { continue }
            let command: HostCommand
            do {
                command = try HostCommand(line: line)
            } catch {
                channel.send(HostEvent.failed(message: error.description).jsonValue)
                exit(3)
            }
            switch command {
            case .request(let sequence, let identifier, let content):
                startDidReceive(sequence: sequence, identifier: identifier, content: content)
            case .timeWillExpire(let sequence):
                startTimeWillExpire(sequence: sequence)
            case .finish:
                // A didReceive still returning may call the handler again (reported as a
                // warning): give it a moment; a blocked one cannot hold the exit. Then wait
                // for nsesim to close the pipe: it first ends the processes the extension
                // started, while this process still holds their orphans (the host is their
                // subreaper).
                _ = running.wait(timeout: .now() + .milliseconds(200))
                channel.send(HostEvent.finished(memory: ProcessMemory.read() ?? ProcessMemory()).jsonValue)
            }
        }
        exit(0)  // nsesim closed the pipe
    }

    private func startDidReceive(sequence: Int64, identifier: String, content: JSONValue) {
        running.enter()
        let thread = Thread { [self] in
            defer { running.leave() }
            let request: UNNotificationRequest
            do {
                let parsed = try UNNotificationContent.fromJSON(content)
                request = UNNotificationRequest(identifier: identifier, content: parsed, trigger: UNPushNotificationTrigger())
            } catch {
                channel.send(HostEvent.failed(message: "the request's content is not valid: \(error)").jsonValue)
                exit(3)
            }
            let principal = makePrincipal()
            lock.withLock { principals[sequence] = principal }
            let counter = CallCounter()
            channel.send(HostEvent.didReceive(sequence: sequence).jsonValue)
            principal.didReceive(request) { [channel] delivered in
                let memory = ProcessMemory.read() ?? ProcessMemory()
                channel.send(HostEvent.contentHandler(sequence: sequence, call: counter.next(),
                                                      content: delivered.jsonValue, memory: memory).jsonValue)
            }
        }
        thread.name = "nsesim.didReceive.\(sequence)"
        thread.start()
    }

    private func startTimeWillExpire(sequence: Int64) {
        let thread = Thread { [self] in
            guard let principal = lock.withLock({ principals[sequence] }) else { return }
            channel.send(HostEvent.timeWillExpire(sequence: sequence).jsonValue)
            principal.serviceExtensionTimeWillExpire()
        }
        thread.name = "nsesim.timeWillExpire.\(sequence)"
        thread.start()
    }
}

/// Counts content handler calls from any thread.
private final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int64 = 0

    func next() -> Int64 {
        lock.withLock {
            count += 1
            return count
        }
    }
}
