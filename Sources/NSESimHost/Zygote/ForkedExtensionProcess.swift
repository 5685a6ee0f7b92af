import Dispatch
import Foundation
import NSESimZygote
import Subprocess
import Synchronization
import SystemPackage

/// An extension process forked by a zygote: nsesim's child (the zygote clones it with
/// CLONE_PARENT), talked to through three pipes, waited for through a pidfd (waitid P_PIDFD,
/// as swift-subprocess waits for a spawned one).
final class ForkedExtensionProcess: Sendable {
    let pid: pid_t
    /// Its standard output, read from the first byte.
    let output: AsyncThrowingStream<[UInt8], any Error>
    /// Its standard error, read from the first byte.
    let error: AsyncThrowingStream<[UInt8], any Error>
    private let input: DispatchIO
    private let pidfd: Int32
    private let queue: DispatchQueue
    private let inputClosed = Atomic<Bool>(false)

    /// A failed write to the process's input.
    struct WriteFailed: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "cannot write to the extension process: \(String(cString: strerror(code)))" }
    }

    /// Takes over `pid` (nsesim's child) and nsesim's ends of its pipes.
    init(pid: pid_t, pidfd: Int32, input: Int32, output: Int32, error: Int32) {
        self.pid = pid
        self.pidfd = pidfd
        queue = DispatchQueue(label: "nsesim.forked-process.\(pid)")
        self.input = DispatchIO(type: .stream, fileDescriptor: input, queue: queue) { _ in close(input) }
        self.output = Self.read(output, queue: queue)
        self.error = Self.read(error, queue: queue)
    }

    private static func read(_ descriptor: Int32, queue: DispatchQueue) -> AsyncThrowingStream<[UInt8], any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self)
        let channel = DispatchIO(type: .stream, fileDescriptor: descriptor, queue: queue) { _ in close(descriptor) }
        channel.setLimit(lowWater: 1)
        channel.read(offset: 0, length: Int.max, queue: queue) { done, data, code in
            if let data, !data.isEmpty { continuation.yield([UInt8](data)) }
            guard done else { return }
            if code != 0 {
                continuation.finish(throwing: Errno(rawValue: code))
            } else {
                continuation.finish()
            }
            channel.close()
        }
        return stream
    }

    func write(_ bytes: [UInt8]) async throws {
        guard !inputClosed.load(ordering: .acquiring) else { throw WriteFailed(code: EPIPE) }
        let data = bytes.withUnsafeBytes { DispatchData(bytes: $0) }
        let input = input
        let queue = queue
        let code: Int32 = await withCheckedContinuation { continuation in
            input.write(offset: 0, data: data, queue: queue) { done, _, code in
                if done { continuation.resume(returning: code) }
            }
        }
        if code != 0 { throw WriteFailed(code: code) }
    }

    func finishInput() {
        guard !inputClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        input.close()
    }

    /// Waits for the process's end and reaps it.
    func waitForExit() async -> TerminationStatus {
        finishInput()
        let pidfd = pidfd
        let queue = queue
        let status: TerminationStatus = await withCheckedContinuation { continuation in
            let source = DispatchSource.makeReadSource(fileDescriptor: pidfd, queue: queue)
            let once = OnceBox(source)
            source.setEventHandler {
                var exited: Int32 = 0
                var code: Int32 = 0
                let rc = nsesim_pidfd_reap(pidfd, &exited, &code)
                guard let source = once.take() else { return }
                source.cancel()
                if rc != 0 {
                    continuation.resume(returning: .signaled(SIGKILL))
                } else {
                    continuation.resume(returning: exited != 0 ? .exited(code) : .signaled(code))
                }
            }
            // Closed only once dispatch has let go of it: a descriptor closed while its source
            // is registered, then reused, corrupts dispatch's event loop.
            source.setCancelHandler { close(pidfd) }
            source.resume()
        }
        return status
    }
}

/// Lets a dispatch source's handler run its work once and keeps the source alive meanwhile.
private final class OnceBox: @unchecked Sendable {
    // Touched only on the process's serial queue.
    private var source: (any DispatchSourceRead)?
    init(_ source: any DispatchSourceRead) { self.source = source }
    func take() -> (any DispatchSourceRead)? {
        defer { source = nil }
        return source
    }
}
