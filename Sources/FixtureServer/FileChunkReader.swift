import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads an open file in chunks on a thread pool (`pread`), so that a response streams
/// from disk and never holds the whole file. Owned by one connection: use it on its event
/// loop only. The descriptor is closed by ``close()``, or, when a read is under way, as
/// soon as that read is over (never while a pool thread may use it).
final class FileChunkReader {
    private let descriptor: Int32
    private let threadPool: NIOThreadPool
    private let eventLoop: any EventLoop
    private var readInFlight = false
    private var closeRequested = false
    private var closed = false

    init(descriptor: Int32, threadPool: NIOThreadPool, eventLoop: any EventLoop) {
        self.descriptor = descriptor
        self.threadPool = threadPool
        self.eventLoop = eventLoop
    }

    /// Up to `count` bytes at `offset`; fewer only at the end of the file.
    func read(at offset: Int, count: Int, allocator: ByteBufferAllocator) -> EventLoopFuture<ByteBuffer> {
        precondition(!readInFlight && !closeRequested, "one read at a time, before close")
        readInFlight = true
        let descriptor = self.descriptor
        let future = threadPool.runIfActive(eventLoop: eventLoop) { () throws -> ByteBuffer in
            var buffer = allocator.buffer(capacity: count)
            var total = 0
            while total < count {
                let got = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count - total) { pointer in
                    var result: Int
                    repeat {
                        result = pread(descriptor, pointer.baseAddress, count - total, off_t(offset + total))
                    } while result < 0 && errno == EINTR
                    guard result >= 0 else { throw IOError(errnoCode: errno, reason: "pread") }
                    return result
                }
                if got == 0 { break }
                total += got
            }
            return buffer
        }
        return future.assumeIsolated().always { [self] _ in
            readInFlight = false
            if closeRequested { close() }
        }.nonisolated()
    }

    /// Closes the file (at once, or after the read under way).
    func close() {
        closeRequested = true
        guard !readInFlight, !closed else { return }
        closed = true
        closeDescriptor(descriptor)
    }

    deinit {
        // A read under way holds the reader, so none is when it goes.
        if !closed { closeDescriptor(descriptor) }
    }
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
