import Foundation
import NIOCore
import NIOHPACK
import NIOHTTP2

/// One HTTP/2 stream (one push), as frames: gathers the request, asks the gate, answers as
/// APNs does (200 with `apns-id` once accepted), then reports the exchange. Frames, not
/// NIO's HTTP/1 view of them: providers may send `host` without `:authority` (aioapns
/// does), which that conversion refuses and APNs takes.
final class APNsStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    private let gate: APNsGate
    private let report: @Sendable (APNsExchange) -> Void
    private var headers: HPACKHeaders?
    private var body: [UInt8] = []
    private var answered = false

    init(gate: APNsGate, report: @escaping @Sendable (APNsExchange) -> Void) {
        self.gate = gate
        self.report = report
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .headers(let frame):
            if headers == nil { headers = frame.headers }
            if frame.endStream { respond(context: context) }
        case .data(let frame):
            if case .byteBuffer(var buffer) = frame.data, body.count <= 8192,
                let bytes = buffer.readBytes(length: min(buffer.readableBytes, 8193 - body.count))
            {
                // Past the largest payload plus one byte is enough to refuse it as too large.
                body += bytes
            }
            if frame.endStream { respond(context: context) }
        default:
            break
        }
    }

    private func respond(context: ChannelHandlerContext) {
        guard !answered, let headers else { return }
        answered = true
        let fields = headers.map { (name: $0.name, value: $0.value) }
        let request = APNsRequest(
            method: headers.first(name: ":method") ?? "", path: headers.first(name: ":path") ?? "",
            headers: fields.filter { !$0.name.hasPrefix(":") }, body: body)
        let date = Date()
        let result = gate.decide(request, now: date)
        var response = HPACKHeaders()
        var responseBody: ByteBuffer?
        switch result {
        case .success(let push):
            response.add(name: ":status", value: "200")
            response.add(name: "apns-id", value: push.apnsID)
        case .failure(let refusal):
            response.add(name: ":status", value: String(refusal.status))
            response.add(name: "apns-id", value: request.values("apns-id").first ?? UUID().uuidString.lowercased())
            response.add(name: "content-type", value: "application/json")
            responseBody = ByteBuffer(string: refusal.body)
            response.add(name: "content-length", value: String(responseBody!.readableBytes))
        }
        context.write(wrapOutboundOut(.headers(.init(headers: response, endStream: responseBody == nil))), promise: nil)
        if let responseBody { context.write(wrapOutboundOut(.data(.init(data: .byteBuffer(responseBody), endStream: true))), promise: nil) }
        context.flush()
        let path = request.path.split(separator: "?").first.map(String.init) ?? ""
        let token = path.hasPrefix("/3/device/") ? String(path.dropFirst("/3/device/".count)) : ""
        report(APNsExchange(date: date, deviceToken: token, pushTypeHeader: request.values("apns-push-type").first, result: result))
    }
}
