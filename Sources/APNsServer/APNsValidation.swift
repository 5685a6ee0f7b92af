import Foundation
import NSESimPayload

/// What the local APNs accepts: the app it delivers to and the keys that sign provider tokens.
package struct APNsConfiguration: Sendable {
    /// The app's bundle identifier: the topic of its alert pushes.
    package var bundleIdentifier: String
    /// The keys provider tokens must be signed with; empty: no token is asked for (as on a
    /// connection authenticated with a provider certificate).
    package var keys: [ProviderKey]

    package init(bundleIdentifier: String, keys: [ProviderKey] = []) {
        self.bundleIdentifier = bundleIdentifier
        self.keys = keys
    }
}

/// APNs's rules for one request, as a pure function: the push it accepts, or the refusal
/// with Apple's status and reason. The provider-token freshness rules need the tokens seen
/// before: see `ProviderTokenState`.
package enum APNsValidation {
    /// The headers a request may not repeat.
    static let singleHeaders = [
        "authorization", "apns-topic", "apns-push-type", "apns-priority",
        "apns-expiration", "apns-collapse-id", "apns-id",
    ]

    /// Checks `request` as APNs does; returns the push and the verified provider token (nil without keys).
    package static func validate(
        _ request: APNsRequest, configuration: APNsConfiguration,
        registry: DeviceRegistry
    ) throws(APNsRefusal) -> (push: APNsPush, token: ProviderToken?) {
        guard request.method == "POST" else {
            throw APNsRefusal(.methodNotAllowed, "\(request.method) \(request.path): APNs takes POST only")
        }
        let prefix = "/3/device/"
        let path = request.path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        guard path.hasPrefix(prefix) || path == "/3/device" else {
            throw APNsRefusal(.badPath, "\(request.path): the path is /3/device/<device token>")
        }
        let deviceToken = String(path.dropFirst(min(prefix.count, path.count)))
        if let name = singleHeaders.first(where: { request.values($0).count > 1 }) {
            throw APNsRefusal(.duplicateHeaders, "\(name) is given \(request.values(name).count) times")
        }
        let header = { (name: String) in request.values(name).first }

        var token: ProviderToken?
        if !configuration.keys.isEmpty {
            guard let authorization = header("authorization") else {
                throw APNsRefusal(.missingProviderToken, "no authorization header: send \"bearer <JWT signed with your .p8 key>\"")
            }
            token = try ProviderToken.verify(authorization: authorization, keys: configuration.keys)
        }
        guard !deviceToken.isEmpty else { throw APNsRefusal(.missingDeviceToken, "the path has no device token") }

        let bundle = configuration.bundleIdentifier
        guard let topic = header("apns-topic") else {
            throw APNsRefusal(.missingTopic, "no apns-topic header: give the app's bundle identifier \(bundle)")
        }
        let pushType: PushType
        if let value = header("apns-push-type") {
            guard let type = PushType(rawValue: value) else {
                throw APNsRefusal(
                    .invalidPushType,
                    "apns-push-type \(value): expected one of \(PushType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            pushType = type
        } else {
            pushType = APNsTopic.impliedPushType(topic: topic, bundleIdentifier: bundle)
        }
        guard !topic.isEmpty, !topic.contains(where: { $0.isWhitespace || $0 == "/" }) else {
            throw APNsRefusal(.badTopic, "apns-topic \"\(topic)\" is not a bundle identifier")
        }
        guard topic.hasPrefix(bundle) else {
            throw APNsRefusal(.topicDisallowed, "apns-topic \(topic): this server delivers to \(bundle) only")
        }
        let expectedTopic = bundle + APNsTopic.suffix(for: pushType)
        guard topic == expectedTopic else {
            throw APNsRefusal(.badTopic, "apns-topic \(topic) for a \(pushType.rawValue) push: expected \(expectedTopic)")
        }

        let priority: Int
        if let value = header("apns-priority") {
            guard let number = Int(value), [1, 5, 10].contains(number) else {
                throw APNsRefusal(.badPriority, "apns-priority \(value): expected 10, 5 or 1")
            }
            guard !(number == 10 && pushType == .background) else {
                throw APNsRefusal(.badPriority, "apns-priority 10 for a background push: APNs takes 5 (or 1)")
            }
            priority = number
        } else {
            priority = pushType == .background ? 5 : 10
        }
        var expiration: Int?
        if let value = header("apns-expiration") {
            guard let number = Int(value), number >= 0 else {
                throw APNsRefusal(.badExpirationDate, "apns-expiration \(value): expected a UNIX time in seconds, or 0")
            }
            expiration = number
        }
        let collapseID = header("apns-collapse-id")
        if let collapseID, collapseID.utf8.count > PushHeaders.collapseIDLimit {
            throw APNsRefusal(
                .badCollapseId, "apns-collapse-id is \(collapseID.utf8.count) bytes; APNs takes at most \(PushHeaders.collapseIDLimit)")
        }
        let apnsID: String
        if let value = header("apns-id") {
            guard UUID(uuidString: value) != nil else {
                throw APNsRefusal(.badMessageId, "apns-id \(value): expected a UUID (8-4-4-4-12 hexadecimal digits)")
            }
            apnsID = value
        } else {
            apnsID = UUID().uuidString.lowercased()
        }

        let lowered = deviceToken.lowercased()
        guard DeviceRegistry.isWellFormed(deviceToken) else {
            throw APNsRefusal(.badDeviceToken, "\(deviceToken): a device token is 64 or more hexadecimal digits")
        }
        if let tokens = registry.tokens {
            guard let tokenTopic = tokens[lowered] else {
                throw APNsRefusal(.badDeviceToken, "\(deviceToken) is not in the tokens file")
            }
            if let tokenTopic, tokenTopic != bundle {
                throw APNsRefusal(.deviceTokenNotForTopic, "\(deviceToken) belongs to \(tokenTopic), not \(bundle)")
            }
        }
        if let since = registry.unregistered[lowered] {
            throw APNsRefusal(.unregistered, "\(deviceToken) was unregistered (nsesim apns unregister)", timestamp: since)
        }

        guard !request.body.isEmpty else { throw APNsRefusal(.payloadEmpty, "the request has no payload") }
        guard request.body.count <= pushType.payloadLimit else {
            throw APNsRefusal(
                .payloadTooLarge,
                "the payload is \(request.body.count) bytes; a \(pushType.rawValue) push takes at most \(pushType.payloadLimit)")
        }
        let push = APNsPush(
            deviceToken: lowered, topic: topic, pushType: pushType, priority: priority, expiration: expiration,
            collapseID: collapseID, apnsID: apnsID, payload: Data(request.body))
        return (push, token)
    }
}
