import NIOCore
import NIOHTTP1

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Sends one response on a connection's event loop, the way the network profile and the
/// request's faults say: the head after the first-byte delay, then the body in paced
/// chunks (``PacingSchedule``), then the end, or a reset, or a close.
///
/// Loop-bound: it is made, used and finished on the connection's event loop.
final class ResponseStreamer {
    private let context: ChannelHandlerContext
    private let plan: ResponsePlan
    private let faults: Faults
    private let schedule: PacingSchedule
    private let headDeadline: NIODeadline
    private let version: HTTPVersion
    private let keepAlive: Bool
    private let statsKey: String
    private let log: TransferLog
    private let transfer: Int
    private let completion: (_ keepOpen: Bool) -> Void

    private var bodyStart = NIODeadline.now()
    private var sent = 0
    private var pending: Scheduled<Void>?
    private var finished = false

    /// How long the reset waits at most for the client to have the bytes before it.
    static let resetDrainLimit = TimeAmount.seconds(1)

    init(
        context: ChannelHandlerContext, plan: ResponsePlan, faults: Faults, schedule: PacingSchedule,
        headDeadline: NIODeadline, version: HTTPVersion, keepAlive: Bool, statsKey: String, log: TransferLog,
        completion: @escaping (_ keepOpen: Bool) -> Void
    ) {
        self.context = context
        self.plan = plan
        self.faults = faults
        self.schedule = schedule
        self.headDeadline = headDeadline
        self.version = version
        self.keepAlive = keepAlive
        self.statsKey = statsKey
        self.log = log
        self.completion = completion
        transfer = log.begin(target: statsKey)
    }

    /// Whether the connection ends after this response: on request, or because the
    /// framing lies, or with a reset.
    private var closesConnection: Bool {
        !keepAlive || faults.lengthDelta != 0 || faults.resetAfter != nil
    }

    /// The body bytes to send: all of them, or those before the reset.
    private var bytesToSend: Int {
        min(plan.bodyLength, faults.resetAfter ?? Int.max)
    }

    func start() {
        at(headDeadline) { [self] in writeHead() }
    }

    /// Stops at once: the connection is gone.
    func cancel() {
        guard !finished else { return }
        finished = true
        pending?.cancel()
        pending = nil
        closeFile()
        log.finish(transfer)
    }

    // MARK: - Steps

    private func writeHead() {
        guard !finished else { return }
        var headers = plan.headers
        if plan.status.mayHaveResponseBody {
            headers.replaceOrAdd(name: "Content-Length", value: String(max(0, plan.contentLength + faults.lengthDelta)))
        }
        if closesConnection {
            headers.replaceOrAdd(name: "Connection", value: "close")
        } else if version == .http1_0 {
            headers.replaceOrAdd(name: "Connection", value: "keep-alive")
        }
        headers.replaceOrAdd(name: "Server", value: "nsesim")
        let head = HTTPResponseHead(
            version: version.major == 1 && version.minor == 0 ? .http1_0 : .http1_1,
            status: plan.status, headers: headers)
        // The body's schedule starts when the head was due (or now, when it is late).
        bodyStart = max(headDeadline, .now())
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
        sendNextChunk()
    }

    private func sendNextChunk() {
        guard !finished else { return }
        let remaining = bytesToSend - sent
        guard remaining > 0 else { return end() }
        let count = min(schedule.chunkSize, remaining)
        switch plan.body {
        case .none:
            end()
        case .bytes(let buffer):
            writeWhenDue(buffer.getSlice(at: buffer.readerIndex + sent, length: count)!)
        case .file(let reader, let offset, _):
            reader.read(at: offset + sent, count: count, allocator: context.channel.allocator)
                .assumeIsolated().whenComplete { [self] result in
                    guard !finished else { return }
                    switch result {
                    case .success(let chunk) where chunk.readableBytes == count:
                        writeWhenDue(chunk)
                    case .success, .failure:
                        // The file shrank or cannot be read: the client sees a short body.
                        cutShort()
                    }
                }
        }
    }

    private func writeWhenDue(_ chunk: ByteBuffer) {
        let due = schedule.deadline(afterBytes: sent + chunk.readableBytes, from: bodyStart) ?? .now()
        at(due) { [self] in
            guard !finished else { return }
            let promise = context.eventLoop.makePromise(of: Void.self)
            context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(chunk))), promise: promise)
            promise.futureResult.assumeIsolated().whenComplete { [self] result in
                switch result {
                case .success:
                    sent += chunk.readableBytes
                    log.add(chunk.readableBytes, for: statsKey, transfer: transfer)
                    sendNextChunk()
                case .failure:
                    cutShort()
                }
            }
        }
    }

    private func end() {
        guard !finished else { return }
        if faults.resetAfter != nil { return reset() }
        finished = true
        closeFile()
        log.finish(transfer)
        let promise = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: promise)
        promise.futureResult.assumeIsolated().whenComplete { [self] result in
            if case .failure = result { return completion(false) }
            completion(!closesConnection)
        }
    }

    /// Ends the connection with a TCP reset (SO_LINGER 0), once the client has the bytes
    /// sent so far: a reset throws away whatever still waits in the send queue.
    private func reset() {
        finished = true
        closeFile()
        log.finish(transfer)
        let channel = context.channel
        let limit = NIODeadline.now() + Self.resetDrainLimit
        let loop = context.eventLoop.assumeIsolated()
        func abortive() {
            guard let provider = channel as? any SocketOptionProvider else {
                channel.close(promise: nil)
                return completion(false)
            }
            provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { [self] _ in
                channel.close(promise: nil)
                completion(false)
            }
        }
        func waitForAcknowledgements() {
            guard channel.isActive, NIODeadline.now() < limit, let provider = channel as? any SocketOptionProvider else {
                return abortive()
            }
            provider.getTCPInfo().assumeIsolated().whenComplete { result in
                if case .success(let info) = result, info.tcpi_unacked > 0 {
                    loop.scheduleTask(in: .milliseconds(2)) { waitForAcknowledgements() }
                } else {
                    abortive()
                }
            }
        }
        waitForAcknowledgements()
    }

    /// Stops mid-response and closes the connection (the client sees a short body).
    private func cutShort() {
        guard !finished else { return }
        finished = true
        closeFile()
        log.finish(transfer)
        context.close(promise: nil)
        completion(false)
    }

    // MARK: - Helpers

    /// Runs `work` on the loop at `deadline` (at once when it has passed).
    private func at(_ deadline: NIODeadline, _ work: @escaping () -> Void) {
        if deadline <= .now() {
            work()
        } else {
            pending = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
                pending = nil
                work()
            }
        }
    }

    private func closeFile() {
        if case .file(let reader, _, _) = plan.body { reader.close() }
    }
}
