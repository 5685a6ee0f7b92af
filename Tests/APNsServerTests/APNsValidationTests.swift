import APNsServer
import Foundation
import NSESimCore
import Testing

/// The request rules as a pure function: each refusal with Apple's status and reason.
@Suite struct APNsValidationTests {
    static let token = String(repeating: "ab", count: 32)
    static let bundle = "com.example.app"

    func request(
        method: String = "POST", path: String = "/3/device/\(token)",
        headers: [(String, String)] = [("apns-topic", bundle)], body: String = #"{"aps":{"alert":"hi"}}"#
    ) -> APNsRequest {
        APNsRequest(method: method, path: path, headers: headers.map { (name: $0.0, value: $0.1) }, body: Array(body.utf8))
    }

    func refusal(_ request: APNsRequest, registry: DeviceRegistry = DeviceRegistry()) -> APNsRefusal? {
        do {
            _ = try APNsValidation.validate(request, configuration: APNsConfiguration(bundleIdentifier: Self.bundle), registry: registry)
            return nil
        } catch {
            return error
        }
    }

    @Test func acceptsAnAlertPushWithDefaults() throws {
        let (push, token) = try APNsValidation.validate(
            request(), configuration: APNsConfiguration(bundleIdentifier: Self.bundle),
            registry: DeviceRegistry())
        #expect(token == nil)
        #expect(push.pushType == .alert && push.priority == 10 && push.deviceToken == Self.token)
        #expect(UUID(uuidString: push.apnsID) != nil)
    }

    @Test func echoesTheApnsIdAndTakesVoipTopics() throws {
        let id = "123e4567-e89b-12d3-a456-4266554400a0"
        let (push, _) = try APNsValidation.validate(
            request(
                headers: [("apns-topic", Self.bundle + ".voip"), ("apns-push-type", "voip"), ("apns-id", id)],
                body: #"{"x":"\#(String(repeating: "y", count: 4500))"}"#),
            configuration: APNsConfiguration(bundleIdentifier: Self.bundle), registry: DeviceRegistry())
        #expect(push.apnsID == id && push.pushType == .voip)
    }

    @Test(
        arguments: [
            (["method": "GET"], APNsReason.methodNotAllowed, 405),
            (["path": "/3/devices/x"], .badPath, 404),
            (["path": "/3/device/"], .missingDeviceToken, 400),
            (["path": "/3/device/xyz"], .badDeviceToken, 400),
            (["apns-topic": ""], .badTopic, 400),
            (["apns-topic": "com.other.app"], .topicDisallowed, 400),
            (["apns-push-type": "voip"], .badTopic, 400),
            (["apns-push-type": "shout"], .invalidPushType, 400),
            (["apns-priority": "7"], .badPriority, 400),
            (["apns-push-type": "background", "apns-priority": "10"], .badPriority, 400),
            (["apns-expiration": "soon"], .badExpirationDate, 400),
            (["apns-collapse-id": String(repeating: "c", count: 65)], .badCollapseId, 400),
            (["apns-id": "not-a-uuid"], .badMessageId, 400),
            (["body": ""], .payloadEmpty, 400),
            (["body": String(repeating: "z", count: 4097)], .payloadTooLarge, 413),
        ] as [([String: String], APNsReason, Int)])
    func refuses(_ change: [String: String], reason: APNsReason, status: Int) {
        var headers: [(String, String)] = [("apns-topic", change["apns-topic"] ?? Self.bundle)]
        for name in ["apns-push-type", "apns-priority", "apns-expiration", "apns-collapse-id", "apns-id"] {
            if let value = change[name] { headers.append((name, value)) }
        }
        let refused = refusal(
            request(
                method: change["method"] ?? "POST", path: change["path"] ?? "/3/device/\(Self.token)",
                headers: headers, body: change["body"] ?? #"{"aps":{"alert":"hi"}}"#))
        #expect(refused?.reason == reason)
        #expect(refused?.status == status)
    }

    @Test func missingTopicAndDuplicateHeaders() {
        #expect(refusal(request(headers: []))?.reason == .missingTopic)
        #expect(
            refusal(request(headers: [("apns-topic", Self.bundle), ("apns-priority", "5"), ("apns-priority", "10")]))?.reason
                == .duplicateHeaders)
    }

    @Test func tokensFileAndUnregistered() {
        let other = String(repeating: "cd", count: 32)
        #expect(refusal(request(), registry: DeviceRegistry(tokens: [other: nil]))?.reason == .badDeviceToken)
        #expect(refusal(request(), registry: DeviceRegistry(tokens: [Self.token: "com.other.app"]))?.reason == .deviceTokenNotForTopic)
        let refused = refusal(request(), registry: DeviceRegistry(tokens: [Self.token: nil], unregistered: [Self.token: 1_700_000_000_000]))
        #expect(refused?.status == 410)
        #expect(refused?.body == #"{"reason":"Unregistered","timestamp":1700000000000}"#)
    }
}

/// Provider tokens: ES256 signatures checked with the configured key, an hour's life, one new token per 20 minutes.
@Suite struct ProviderTokenTests {
    let signer = ProviderTokenSigner()
    var keys: [ProviderKey] { [ProviderKey(keyID: signer.keyID, teamID: signer.teamID, publicKey: signer.key.publicKey)] }

    func reason(_ authorization: String) -> APNsReason? {
        do {
            _ = try ProviderToken.verify(authorization: authorization, keys: keys)
            return nil
        } catch { return error.reason }
    }

    @Test func verifiesARealSignature() throws {
        let token = try ProviderToken.verify(authorization: "bearer " + signer.token(issuedAt: 100), keys: keys)
        #expect(token.issuedAt == 100 && token.keyID == signer.keyID)
    }

    @Test func refusesForgedOrForeignTokens() {
        #expect(reason("bearer " + signer.token(signingKey: .init())) == .invalidProviderToken)
        #expect(reason("bearer " + signer.token(keyID: "OTHERKEY12")) == .invalidProviderToken)
        #expect(reason("bearer " + signer.token(teamID: "OTHERTEAM1")) == .invalidProviderToken)
        #expect(reason("bearer " + signer.token(algorithm: "HS256")) == .invalidProviderToken)
        #expect(reason("bearer not.a.jwt") == .invalidProviderToken)
        #expect(reason("basic abc") == .missingProviderToken)
    }

    @Test func expiryAndRefreshRate() throws {
        var state = ProviderTokenState()
        let now = 1_000_000
        let old = try ProviderToken.verify(authorization: "bearer " + signer.token(issuedAt: now - 3601), keys: keys)
        #expect(throws: APNsRefusal.self) { try state.accept(old, now: now) }
        let first = try ProviderToken.verify(authorization: "bearer " + signer.token(issuedAt: now - 100), keys: keys)
        try state.accept(first, now: now)
        try state.accept(first, now: now + 10)
        let soon = try ProviderToken.verify(authorization: "bearer " + signer.token(issuedAt: now), keys: keys)
        do {
            try state.accept(soon, now: now)
            Issue.record("accepted")
        } catch { #expect(error.reason == .tooManyProviderTokenUpdates && error.status == 429) }
        let later = try ProviderToken.verify(authorization: "bearer " + signer.token(issuedAt: now + 1200), keys: keys)
        try state.accept(later, now: now + 1200)
    }
}

/// `--tokens FILE`: a token per line, optionally its topic; comments and blank lines skipped; a bad line named.
@Suite struct DeviceRegistryTests {
    @Test func readsTokensAndNamesTheBadLine() throws {
        let folder = LocalAPNs.folder.scratch("tokens")
        let good = folder.appendingPathComponent("tokens.txt")
        let token = String(repeating: "AB", count: 32)
        try "# devices\n\n\(token)\n\(String(repeating: "cd", count: 32)) com.example.app  # the iPad\n".write(
            to: good, atomically: true, encoding: .utf8)
        let tokens = try DeviceRegistry.tokens(fromFile: good.path)
        #expect(tokens.count == 2)
        #expect(tokens[token.lowercased()] == .some(nil))
        #expect(tokens[String(repeating: "cd", count: 32)] == .some("com.example.app"))
        let bad = folder.appendingPathComponent("bad.txt")
        try "\(token)\nnot-a-token\n".write(to: bad, atomically: true, encoding: .utf8)
        #expect(throws: DeviceRegistry.LoadError.self) { try DeviceRegistry.tokens(fromFile: bad.path) }
        do { _ = try DeviceRegistry.tokens(fromFile: bad.path) } catch { #expect(error.description.hasPrefix("\(bad.path):2:")) }
    }
}
