/// Why an operation on an app's notification center failed, with what to do about it.
package enum AppCenterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A request file or argument that breaks the rules (exit 65).
    case invalidRequest(String)
    /// A file that is not there (exit 66).
    case missingFile(String)
    /// An identifier the center does not hold (exit 66, as `nsesim store rm`).
    case unknownIdentifier(String)
    /// The center's or the store's files cannot be read or written (exit 70).
    case storage(String)

    package var description: String {
        switch self {
        case .invalidRequest(let message), .missingFile(let message), .unknownIdentifier(let message), .storage(let message): message
        }
    }
}
