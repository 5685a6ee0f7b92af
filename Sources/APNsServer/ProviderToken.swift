import Crypto
import Foundation

/// A provider authentication token (a JWT signed with ES256), checked as APNs checks it.
package struct ProviderToken: Sendable, Equatable {
    /// `kid` of the header.
    package var keyID: String
    /// `iss` of the claims: the team.
    package var issuer: String
    /// `iat` of the claims: when the token was made, in seconds since 1970.
    package var issuedAt: Int
    /// The whole token, as sent.
    package var text: String

    /// How old a token may be before APNs refuses it (`ExpiredProviderToken`): one hour.
    package static let lifetime = 3600
    /// How often a provider may start using a new token (`TooManyProviderTokenUpdates`): 20 minutes.
    package static let minimumRefreshInterval = 1200

    /// Parses `authorization: bearer <JWT>` and checks its signature with `keys`.
    package static func verify(authorization: String, keys: [ProviderKey]) throws(APNsRefusal) -> ProviderToken {
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw APNsRefusal(.missingProviderToken, "the authorization header is not \"bearer <token>\"")
        }
        let text = String(parts[1]).trimmingCharacters(in: .whitespaces)
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3,
            let headerData = base64URLDecoded(segments[0]), let claimsData = base64URLDecoded(segments[1]),
            let signatureData = base64URLDecoded(segments[2]),
            let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
            let claims = try? JSONSerialization.jsonObject(with: claimsData) as? [String: Any]
        else {
            throw APNsRefusal(.invalidProviderToken, "the token is not a JWT (three base64url parts, JSON header and claims)")
        }
        guard header["alg"] as? String == "ES256" else {
            throw APNsRefusal(.invalidProviderToken, "the token's alg is \(header["alg"] ?? "missing"); APNs takes ES256")
        }
        guard let keyID = header["kid"] as? String else {
            throw APNsRefusal(.invalidProviderToken, "the token's header has no kid (the key identifier)")
        }
        guard let key = keys.first(where: { $0.keyID == keyID }) else {
            throw APNsRefusal(.invalidProviderToken, "no key \(keyID) is configured (--key KEYID=FILE.p8)")
        }
        guard let issuer = claims["iss"] as? String, issuer == key.teamID else {
            throw APNsRefusal(.invalidProviderToken, "the token's iss is \(claims["iss"] ?? "missing"), not the team \(key.teamID)")
        }
        guard let issuedAt = (claims["iat"] as? NSNumber)?.intValue else {
            throw APNsRefusal(.invalidProviderToken, "the token has no iat (seconds since 1970)")
        }
        let signed = Data(segments[0].utf8) + Data(".".utf8) + Data(segments[1].utf8)
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureData),
            key.publicKey.isValidSignature(signature, for: signed)
        else {
            throw APNsRefusal(.invalidProviderToken, "the signature does not verify with key \(keyID)")
        }
        return ProviderToken(keyID: keyID, issuer: issuer, issuedAt: issuedAt, text: text)
    }

    /// Decodes base64url without padding, as JWTs use it.
    static func base64URLDecoded(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

/// The tokens a server has seen, per key: APNs refuses a token older than an hour, and a
/// new token sooner than 20 minutes after the last one it started using.
package struct ProviderTokenState: Sendable {
    /// Per key identifier, the tokens in use: text → iat.
    private var inUse: [String: [String: Int]] = [:]

    package init() {}

    /// Checks `token` at `now` (seconds since 1970), and remembers it when accepted.
    package mutating func accept(_ token: ProviderToken, now: Int) throws(APNsRefusal) {
        guard now - token.issuedAt <= ProviderToken.lifetime else {
            throw APNsRefusal(
                .expiredProviderToken, "the token was issued \(now - token.issuedAt) s ago; APNs takes tokens up to an hour old")
        }
        guard token.issuedAt - now <= 60 else {
            throw APNsRefusal(.invalidProviderToken, "the token's iat is \(token.issuedAt - now) s in the future")
        }
        var known = (inUse[token.keyID] ?? [:]).filter { now - $0.value <= ProviderToken.lifetime }
        if known[token.text] == nil {
            if let latest = known.values.max(), token.issuedAt - latest < ProviderToken.minimumRefreshInterval {
                throw APNsRefusal(
                    .tooManyProviderTokenUpdates,
                    "a new token \(token.issuedAt - latest) s after the last one; APNs takes a new one at most every 20 minutes")
            }
            known[token.text] = token.issuedAt
        }
        inUse[token.keyID] = known
    }
}
