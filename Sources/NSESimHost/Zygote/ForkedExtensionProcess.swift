import Foundation
import NSESimZygote
import Subprocess
import Synchronization

/// An extension process forked by a zygote: nsesim's child (the zygote clones it with
/// CLONE_PARENT), talked to through three pipes, waited for through a pidfd (waitid P_PIDFD,
/// as swift-subprocess waits for a spawned one), reaped once nsesim is done with it. A thread of its own polls its output, its
/// log and its pidfd (not dispatch sources: libdispatch's Linux event loop crashed under
/// many short-lived descriptors); a write to its input never blocks a thread (a full pipe is
/// waited out).
final class ForkedExtensionProcess: Sendable {
    let pid: pid_t
    /// Its standard output, read from the first byte.
    let output: AsyncThrowingStream<[UInt8], any Error>
    /// Its standard error, read from the first byte.
    let error: AsyncThrowingStream<[UInt8], any Error>
    /// nsesim's end of its input; -1 once closed.
    private let input: Mutex<Int32>
    private let pidfd: Int32
    private let ending = Ending()

    /// Whether the process has ended (its pidfd said so), and who waits for it.
    private final class Ending: Sendable {
        struct State: Sendable {
            var ended = false
            var waiters: [CheckedContinuation<Void, Never>] = []
        }

        let state = Mutex(State())

        func end() {
            let waiters = state.withLock { state in
                state.ended = true
                defer { state.waiters = [] }
                return state.waiters
            }
            waiters.forEach { $0.resume() }
        }

        func wait() async {
            await withCheckedContinuation { continuation in
                let ended = state.withLock { state in
                    if !state.ended { state.waiters.append(continuation) }
                    return state.ended
                }
                if ended { continuation.resume() }
            }
        }
    }

    /// A failed write to the process's input.
    struct WriteFailed: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "cannot write to the extension process: \(String(cString: strerror(code)))" }
    }

    /// A failed read of the process's output.
    struct ReadFailed: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "cannot read the extension process's output: \(String(cString: strerror(code)))" }
    }

    /// Takes over `pid` (nsesim's child), its pidfd and nsesim's ends of its pipes.
    init(pid: pid_t, pidfd: Int32, input: Int32, output outputDescriptor: Int32, error errorDescriptor: Int32) {
        self.pid = pid
        self.pidfd = pidfd
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        self.input = Mutex(input)
        let (output, outputContinuation) = AsyncThrowingStream.makeStream(of: [UInt8].self)
        let (error, errorContinuation) = AsyncThrowingStream.makeStream(of: [UInt8].self)
        self.output = output
        self.error = error
        let ending = ending
        Thread.detachNewThread {
            Self.watch(
                streams: [(outputDescriptor, outputContinuation), (errorDescriptor, errorContinuation)],
                pidfd: pidfd, ending: ending)
        }
    }

    /// The watching thread: reads the two streams until they end (closing each), and says
    /// when the pidfd says the process has ended.
    private static func watch(
        streams: [(descriptor: Int32, continuation: AsyncThrowingStream<[UInt8], any Error>.Continuation)],
        pidfd: Int32, ending: Ending
    ) {
        var open = [true, true, true]
        let descriptors = streams.map(\.descriptor) + [pidfd]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open.contains(true) {
            var polled = (0..<3).map { pollfd(fd: open[$0] ? descriptors[$0] : -1, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, 3, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                let code = errno
                for index in 0..<2 where open[index] {
                    streams[index].continuation.finish(throwing: ReadFailed(code: code))
                    close(descriptors[index])
                    open[index] = false
                }
                break
            }
            for index in 0..<2 where open[index] && polled[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptors[index], $0.baseAddress, $0.count) }
                if count > 0 {
                    streams[index].continuation.yield(Array(buffer[0..<count]))
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    if count == 0 {
                        streams[index].continuation.finish()
                    } else {
                        streams[index].continuation.finish(throwing: ReadFailed(code: errno))
                    }
                    close(descriptors[index])
                    open[index] = false
                }
            }
            if open[2] && polled[2].revents != 0 {
                // Ended: reaped by waitForExit(), so that its pid stays its own until nsesim
                // is done signalling it (as swift-subprocess reaps a spawned one).
                open[2] = false
                ending.end()
            }
        }
        if open[2] { ending.end() }  // poll failed: waitForExit() waits in waitid
    }

    func write(_ bytes: [UInt8]) async throws {
        var offset = 0
        while offset < bytes.count {
            let (written, code) = input.withLock { descriptor -> (Int, Int32) in
                guard descriptor >= 0 else { return (-1, EPIPE) }
                let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                return (written, written < 0 ? errno : 0)
            }
            if written > 0 {
                offset += written
            } else if code == EAGAIN {
                try await Task.sleep(for: .milliseconds(1))  // the pipe is full: the process reads it
            } else if code != EINTR {
                throw WriteFailed(code: code)
            }
        }
    }

    func finishInput() {
        input.withLock { descriptor in
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
        }
    }

    /// Waits for the process's end and reaps it.
    func waitForExit() async -> TerminationStatus {
        finishInput()
        await ending.wait()
        var exited: Int32 = 0
        var code: Int32 = 0
        let reaped = nsesim_pidfd_reap(pidfd, &exited, &code)
        close(pidfd)
        return reaped != 0 ? .signaled(SIGKILL) : exited != 0 ? .exited(code) : .signaled(code)
    }
}
