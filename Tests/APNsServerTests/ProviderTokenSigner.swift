import Crypto
import Foundation

/// Makes provider tokens as a push backend does: a JWT, ES256 over header.claims with the team's key.
struct ProviderTokenSigner {
    let key = P256.Signing.PrivateKey()
    var keyID = "ABC123DEFG"
    let teamID = "DEF123GHIJ"

    /// The token issued at `issuedAt` (seconds since 1970).
    func token(
        issuedAt: Int = Int(Date().timeIntervalSince1970), keyID: String? = nil, teamID: String? = nil,
        algorithm: String = "ES256", signingKey: P256.Signing.PrivateKey? = nil
    ) -> String {
        let header = #"{"alg":"\#(algorithm)","kid":"\#(keyID ?? self.keyID)"}"#
        let claims = #"{"iss":"\#(teamID ?? self.teamID)","iat":\#(issuedAt)}"#
        let signed = Self.base64URL(Data(header.utf8)) + "." + Self.base64URL(Data(claims.utf8))
        let signature = try! (signingKey ?? key).signature(for: Data(signed.utf8))
        return signed + "." + Self.base64URL(signature.rawRepresentation)
    }

    /// The .p8 file's text (PKCS#8 PEM), as Apple hands it out.
    var p8: String { key.pemRepresentation }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
