import APNsServer
import Foundation
import NSESimTestSupport
import Testing

/// The local APNs over real HTTP/2 and TLS, with `curl --http2` as the provider and JWTs made here.
@Suite struct APNsCurlTests {
    @Test func acceptsAPushOverHTTP2AndEchoesTheApnsId() async throws {
        let apns = try await LocalAPNs()
        defer { Task { await apns.server.stop() } }
        let id = "8e1c2f0a-1b2c-4d3e-9f00-aabbccddeeff"
        let answer = try apns.push(headers: [
            "apns-topic: \(LocalAPNs.bundle)", "apns-push-type: alert", "apns-priority: 10",
            "apns-expiration: 0", "apns-collapse-id: game-1", "apns-id: \(id)",
        ])
        #expect(answer.status == 200)
        #expect(answer.httpVersion == "2")
        #expect(answer.body.isEmpty)
        #expect(answer.headers["apns-id"] == id)
        let generated = try apns.push()
        #expect(generated.status == 200 && UUID(uuidString: generated.headers["apns-id"] ?? "") != nil)
        let exchanges = apns.exchanges.withLockedValue { $0 }
        #expect(exchanges.count == 2)
        guard case .success(let push) = exchanges.first?.result else {
            Issue.record("not accepted")
            return
        }
        #expect(push.collapseID == "game-1" && push.deviceToken == LocalAPNs.device)
    }

    /// A bad request a provider can send, and what APNs answers.
    struct BadRequest: Sendable, CustomStringConvertible {
        var reason: APNsReason
        var send: @Sendable (LocalAPNs) throws -> LocalAPNs.Answer
        var description: String { reason.rawValue }
    }

    static let topic = "apns-topic: \(LocalAPNs.bundle)"

    static let badRequests: [BadRequest] = [
        BadRequest(reason: .badCollapseId) { try $0.push(headers: [topic, "apns-collapse-id: " + String(repeating: "c", count: 65)]) },
        BadRequest(reason: .badDeviceToken) { try $0.push(path: "/3/device/" + String(repeating: "12", count: 32)) },
        BadRequest(reason: .badExpirationDate) { try $0.push(headers: [topic, "apns-expiration: tomorrow"]) },
        BadRequest(reason: .badMessageId) { try $0.push(headers: [topic, "apns-id: 42"]) },
        BadRequest(reason: .badPriority) { try $0.push(headers: [topic, "apns-push-type: background", "apns-priority: 10"]) },
        BadRequest(reason: .badTopic) { try $0.push(headers: [topic, "apns-push-type: voip"]) },
        BadRequest(reason: .deviceTokenNotForTopic) { try $0.push(path: "/3/device/\(LocalAPNs.otherAppsDevice)") },
        BadRequest(reason: .duplicateHeaders) { try $0.push(headers: [topic, "apns-priority: 5", "apns-priority: 10"]) },
        BadRequest(reason: .invalidPushType) { try $0.push(headers: [topic, "apns-push-type: loud"]) },
        BadRequest(reason: .missingDeviceToken) { try $0.push(path: "/3/device/") },
        BadRequest(reason: .missingTopic) { try $0.push(headers: []) },
        BadRequest(reason: .payloadEmpty) { try $0.push(body: nil) },
        BadRequest(reason: .topicDisallowed) { try $0.push(headers: ["apns-topic: com.other.app"]) },
        BadRequest(reason: .expiredProviderToken) {
            try $0.push(authorization: "bearer " + $0.signer.token(issuedAt: Int(Date().timeIntervalSince1970) - 3700))
        },
        BadRequest(reason: .invalidProviderToken) {
            try $0.push(authorization: "bearer " + $0.signer.token(signingKey: .init()))
        },
        BadRequest(reason: .missingProviderToken) { try $0.push(authorization: .some(nil)) },
        BadRequest(reason: .badPath) { try $0.push(path: "/3/notify/\(LocalAPNs.device)") },
        BadRequest(reason: .methodNotAllowed) { try $0.push(extra: ["-X", "PUT"]) },
        BadRequest(reason: .unregistered) { try $0.push(path: "/3/device/\(LocalAPNs.removedDevice)") },
        BadRequest(reason: .payloadTooLarge) { try $0.push(body: #"{"aps":{"alert":"\#(String(repeating: "x", count: 4100))"}}"#) },
        BadRequest(reason: .tooManyProviderTokenUpdates) { apns in
            let now = Int(Date().timeIntervalSince1970)
            _ = try apns.push(authorization: "bearer " + apns.signer.token(issuedAt: now - 60))
            return try apns.push(authorization: "bearer " + apns.signer.token(issuedAt: now))
        },
    ]

    @Test(arguments: badRequests)
    func refusesWithApplesStatusAndReason(_ bad: BadRequest) async throws {
        let apns = try await LocalAPNs()
        defer { Task { await apns.server.stop() } }
        let answer = try bad.send(apns)
        #expect(answer.status == bad.reason.status, "\(answer.body)")
        #expect(answer.reason == bad.reason.rawValue)
        #expect(answer.httpVersion == "2")
        if bad.reason == .unregistered {
            let body = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
            #expect((body?["timestamp"] as? NSNumber)?.int64Value == 1_700_000_000_000)
        }
    }

    @Test func aPortInUseIsAClearError() async throws {
        let apns = try await LocalAPNs()
        defer { Task { await apns.server.stop() } }
        let gate = APNsGate(configuration: APNsConfiguration(bundleIdentifier: LocalAPNs.bundle), tokens: nil, unregisteredFile: nil)
        do {
            _ = try await APNsServer.start(port: apns.server.port, certificates: LocalAPNs.certificates, gate: gate) { _ in }
            Issue.record("started twice on one port")
        } catch {
            #expect(error.description.contains("cannot listen on 127.0.0.1:\(apns.server.port)"))
        }
    }
}
