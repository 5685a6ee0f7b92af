import NIOCore
import NIOHTTP1
import NIOPosix

/// Answers the requests of one connection: files from the served folder, faults on
/// request, all sent through the network profile (one ``ResponseStreamer`` per response).
///
/// It sits after NIO's HTTP/1.1 server handlers, which hand it one request at a time on a
/// kept-alive connection (the next once this one's response has ended).
final class FixtureHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let serving: ServingContext
    private var requestHead: HTTPRequestHead?
    private var lossDecided = false
    private var isActive = true
    private var streamer: ResponseStreamer?

    init(serving: ServingContext) {
        self.serving = serving
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            requestHead = head
        case .body:
            break  // Request bodies are read and ignored.
        case .end:
            guard let head = requestHead else { return }
            requestHead = nil
            respond(to: head, receivedAt: .now(), context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        isActive = false
        streamer?.cancel()
        streamer = nil
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A reset by the client, or a request NIO could not parse (already answered with 400).
        context.close(promise: nil)
    }

    // MARK: - Answering

    private func respond(to head: HTTPRequestHead, receivedAt: NIODeadline, context: ChannelHandlerContext) {
        // A lossy profile drops connections: the first request of a dropped one gets no answer.
        if !lossDecided {
            lossDecided = true
            if let loss = serving.loss, loss.dropsNext() {
                context.close(promise: nil)
                return
            }
        }
        let isHead = head.method == .HEAD
        guard head.method == .GET || isHead else {
            return send(
                .page(.methodNotAllowed, headers: ["Allow": "GET, HEAD"], isHead: false),
                faults: Faults(), head: head, receivedAt: receivedAt, context: context)
        }
        guard let target = RequestTarget(head.uri) else {
            return send(
                .page(.badRequest, detail: "The request target is not a path.", isHead: isHead),
                faults: Faults(), head: head, receivedAt: receivedAt, context: context)
        }
        let faults: Faults
        switch Faults.parse(target) {
        case .success(let parsed):
            faults = parsed
        case .failure(let error):
            return send(
                .page(.badRequest, detail: error.message, isHead: isHead),
                faults: Faults(), head: head, receivedAt: receivedAt, context: context)
        }

        // A stall: the request has been read; nothing is ever sent. The connection stays
        // open (no timer) until the client closes it or the server stops.
        if faults.stall { return }

        if let location = faults.redirectTo {
            return send(.redirect(to: location, isHead: isHead), faults: faults, head: head, receivedAt: receivedAt, context: context)
        }
        if faults.redirects > 0 {
            let next = target.setting("redirects", to: faults.redirects > 1 ? String(faults.redirects - 1) : nil)
            let location = baseURL(of: context) + next.string
            return send(.redirect(to: location, isHead: isHead), faults: faults, head: head, receivedAt: receivedAt, context: context)
        }
        if let status = faults.status {
            return send(
                .page(HTTPResponseStatus(statusCode: status), isHead: isHead), faults: faults, head: head,
                receivedAt: receivedAt, context: context)
        }

        // The file: found and opened on the thread pool, then sent from this loop.
        let resolver = serving.resolver
        let threadPool = serving.threadPool
        let eventLoop = context.eventLoop
        threadPool.runIfActive(eventLoop: eventLoop) { resolver.resolve(path: target.path) }
            .assumeIsolated().whenComplete { [self] result in
                let resolution: FileResolver.Resolution
                switch result {
                case .success(let found): resolution = found
                case .failure: resolution = .notFound  // the server is stopping
                }
                let plan = ResponsePlan.file(resolution, rangeHeader: head.headers.first(name: "Range"), isHead: isHead) {
                    FileChunkReader(descriptor: $0, threadPool: threadPool, eventLoop: eventLoop)
                }
                guard isActive else {
                    if case .file(let reader, _, _) = plan.body { reader.close() }
                    return
                }
                send(plan, faults: faults, head: head, receivedAt: receivedAt, context: context)
            }
    }

    private func send(
        _ plan: ResponsePlan, faults: Faults, head: HTTPRequestHead, receivedAt: NIODeadline,
        context: ChannelHandlerContext
    ) {
        let firstByteDelay = serving.profile?.firstByteDelay ?? 0
        let streamer = ResponseStreamer(
            context: context, plan: plan, faults: faults,
            schedule: PacingSchedule(profile: serving.profile, dripBytesPerSecond: faults.dripBytesPerSecond),
            headDeadline: receivedAt + .nanoseconds(Int64((firstByteDelay * 1e9).rounded())),
            version: head.version, keepAlive: head.isKeepAlive, statsKey: head.uri, log: serving.log
        ) { [self] keepOpen in
            self.streamer = nil
            if !keepOpen { context.close(promise: nil) }
        }
        self.streamer = streamer
        streamer.start()
    }

    /// `http://127.0.0.1:PORT` of this connection, for absolute redirect locations.
    private func baseURL(of context: ChannelHandlerContext) -> String {
        "http://127.0.0.1:\(context.channel.localAddress?.port ?? 80)"
    }
}
