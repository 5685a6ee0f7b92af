import Crypto
import Foundation

/// A team's APNs signing key (`AuthKey_KEYID.p8`): the public half verifies provider tokens.
package struct ProviderKey: Sendable {
    /// The key identifier (the `kid` of the tokens it signs).
    package var keyID: String
    /// The team identifier (the `iss` of the tokens).
    package var teamID: String
    /// The key that checks the signatures.
    package var publicKey: P256.Signing.PublicKey

    package init(keyID: String, teamID: String, publicKey: P256.Signing.PublicKey) {
        self.keyID = keyID
        self.teamID = teamID
        self.publicKey = publicKey
    }

    /// Why a .p8 file could not be used.
    package enum LoadError: Error, Sendable, CustomStringConvertible {
        case unreadable(path: String)
        case notAKey(path: String, underlying: String)

        package var description: String {
            switch self {
            case .unreadable(let path):
                return "\(path): cannot read the key file; give the AuthKey_KEYID.p8 downloaded from Apple's developer site"
            case .notAKey(let path, let underlying):
                return
                    "\(path): not a P-256 private key in PEM (PKCS#8, \"-----BEGIN PRIVATE KEY-----\") as Apple's .p8 files are (\(underlying))"
            }
        }
    }

    /// Reads the .p8 (a PKCS#8 PEM private key) at `path`.
    package static func load(keyID: String, teamID: String, path: String) throws(LoadError) -> ProviderKey {
        guard let data = FileManager.default.contents(atPath: path), let pem = String(data: data, encoding: .utf8) else {
            throw .unreadable(path: path)
        }
        do {
            let key = try P256.Signing.PrivateKey(pemRepresentation: pem)
            return ProviderKey(keyID: keyID, teamID: teamID, publicKey: key.publicKey)
        } catch {
            throw .notAKey(path: path, underlying: "\(error)")
        }
    }
}
