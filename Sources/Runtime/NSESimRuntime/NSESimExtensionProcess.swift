import Foundation

/// The extension process's side of nsesim's protocol, the same for every extension point: it
/// reports `ready`, serves nsesim's commands on a thread of its own, runs each request and
/// each `timeWillExpire` on a new thread through the extension point, and answers `finish`.
///
/// Threads, as iOS has them: the main thread runs the main run loop (so `DispatchQueue.main`
/// and timers work); each request runs on a thread of its own; `timeWillExpire` runs on
/// another thread, so it is called even when the request's thread is blocked.
public enum NSESimExtensionProcess {
    /// Serves nsesim's commands on `input`, reports events on `output`, and never returns:
    /// the process exits when nsesim closes `input`.
    public static func main(input: Int32, output: Int32, point: any NSESimExtensionPoint) -> Never {
        let channel = LineChannel(input: input, output: output)
        let session = CommandLoop(channel: channel, point: point)
        NSESimReport.connect(session)
        channel.send(HostEvent.ready(pid: Int64(getpid()), memory: ProcessMemory.read() ?? ProcessMemory()).jsonValue)
        let reader = Thread { session.serveCommands() }
        reader.name = "nsesim.commands"
        reader.start()
        while true {
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        }
    }
}

/// Reads nsesim's commands and starts the work each asks for.
private final class CommandLoop: NSESimEventSink, @unchecked Sendable {
    private let channel: LineChannel
    private let point: any NSESimExtensionPoint
    /// The requests whose call has not returned yet.
    private let running = DispatchGroup()

    init(channel: LineChannel, point: any NSESimExtensionPoint) {
        self.channel = channel
        self.point = point
    }

    func send(_ event: HostEvent) {
        channel.send(event.jsonValue)
    }

    func fail(_ message: String) -> Never {
        channel.send(HostEvent.failed(message: message).jsonValue)
        exit(3)
    }

    func serveCommands() {
        while let line = channel.receive() {
            guard !line.isEmpty else { continue }
            let command: HostCommand
            do {
                command = try HostCommand(line: line)
            } catch {
                fail(error.description)
            }
            switch command {
            case .request(let sequence, let identifier, let content):
                running.enter()
                start("nsesim.request.\(sequence)") { [self] in
                    defer { running.leave() }
                    point.receive(sequence: sequence, identifier: identifier, content: content, events: self)
                }
            case .timeWillExpire(let sequence):
                start("nsesim.timeWillExpire.\(sequence)") { [self] in
                    point.timeWillExpire(sequence: sequence, events: self)
                }
            case .call(let sequence, let name, let arguments):
                running.enter()
                start("nsesim.call.\(sequence).\(name)") { [self] in
                    defer { running.leave() }
                    point.call(sequence: sequence, name: name, arguments: arguments, events: self)
                }
            case .finish:
                // A request still returning may call its handler again (reported as a
                // warning): give it a moment; a blocked one cannot hold the exit. Then wait
                // for nsesim to close the pipe: it first ends the processes the extension
                // started, while this process still holds their orphans (the host is their
                // subreaper).
                _ = running.wait(timeout: .now() + .milliseconds(200))
                send(.finished(memory: ProcessMemory.read() ?? ProcessMemory()))
            }
        }
        guard channel.readError != nil else { exit(0) }  // nsesim closed the pipe
        // The extension closed nsesim's descriptor itself (EBADF): that is not nsesim saying
        // goodbye. The process lives on, as an iOS extension does after it cancels its
        // connection, until nsesim, which saw the connection end, ends it. (Exiting here made
        // the outcome depend on whether this thread was inside read() when the descriptor
        // was closed: a race, seen as a flaky replay case.)
        while true { pause() }
    }

    private func start(_ name: String, _ work: @escaping @Sendable () -> Void) {
        let thread = Thread(block: work)
        thread.name = name
        thread.start()
    }
}
