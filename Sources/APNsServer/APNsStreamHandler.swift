import Foundation
import NIOCore
import NIOHTTP1

/// One HTTP/2 stream (one push), as HTTP/1 parts: gathers the request, asks the gate,
/// answers as APNs does (200 with `apns-id` once accepted), then reports the exchange.
final class APNsStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let gate: APNsGate
    private let report: @Sendable (APNsExchange) -> Void
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []

    init(gate: APNsGate, report: @escaping @Sendable (APNsExchange) -> Void) {
        self.gate = gate
        self.report = report
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body(var buffer):
            // Past the largest payload plus one byte is enough to refuse it as too large.
            if body.count <= 8192, let bytes = buffer.readBytes(length: min(buffer.readableBytes, 8193 - body.count)) {
                body += bytes
            }
        case .end:
            guard let head else { return }
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let request = APNsRequest(method: head.method.rawValue, path: head.uri,
                                  headers: head.headers.map { ($0.name, $0.value) }, body: body)
        let date = Date()
        let result = gate.decide(request, now: date)
        var headers = HTTPHeaders()
        let status: HTTPResponseStatus
        var responseBody: ByteBuffer?
        switch result {
        case .success(let push):
            status = .ok
            headers.add(name: "apns-id", value: push.apnsID)
        case .failure(let refusal):
            status = HTTPResponseStatus(statusCode: refusal.status)
            headers.add(name: "apns-id", value: request.values("apns-id").first ?? UUID().uuidString.lowercased())
            headers.add(name: "content-type", value: "application/json")
            responseBody = ByteBuffer(string: refusal.body)
            headers.add(name: "content-length", value: String(responseBody!.readableBytes))
        }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
        if let responseBody { context.write(wrapOutboundOut(.body(.byteBuffer(responseBody))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        let path = head.uri.split(separator: "?").first.map(String.init) ?? ""
        let token = path.hasPrefix("/3/device/") ? String(path.dropFirst("/3/device/".count)) : ""
        report(APNsExchange(date: date, deviceToken: token, pushTypeHeader: head.headers.first(name: "apns-push-type"), result: result))
    }
}
