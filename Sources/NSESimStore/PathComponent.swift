import Crypto
import Foundation

/// File and folder names made from identifiers a user chooses (bundle identifiers,
/// notification identifiers): one rule for the app data, the store and its files.
package enum PathComponent {
    /// The longest name kept from an identifier, far below the 255 bytes a name may have.
    static let maximumLength = 80

    /// `identifier` as one path component. An identifier that is already safe (letters,
    /// digits, `.`, `-` and `_` only, at most 80 characters, not `.` or `..`) is kept as it
    /// is, so `com.example.app` stays readable. Any other has each other character replaced
    /// by `_`, is cut to 80 characters, and gets a short hash of the original appended, so
    /// two identifiers never share a name.
    package static func safe(_ identifier: String) -> String {
        let scalars = identifier.unicodeScalars
        let isSafe: (Unicode.Scalar) -> Bool = { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
        if !identifier.isEmpty, identifier != ".", identifier != "..", scalars.count <= maximumLength, scalars.allSatisfy(isSafe) {
            return identifier
        }
        let kept = String(scalars.prefix(maximumLength).map { isSafe($0) ? Character($0) : "_" })
        let digest = SHA256.hash(data: Data(identifier.utf8)).prefix(4).map { String(format: "%02x", $0) }.joined()
        return "\(kept)-\(digest)"
    }

    /// The identifiers named by the folders in `parent` that pass `holds`: the names that are
    /// their own safe form (an identifier that was hashed cannot be read back).
    package static func identifiers(in parent: URL, where holds: (URL) -> Bool) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        return Set(names.filter { safe($0) == $0 && holds(parent.appendingPathComponent($0)) })
    }
}
