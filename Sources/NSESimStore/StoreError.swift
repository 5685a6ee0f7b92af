/// Why the attachment store cannot take or give files.
package enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The store folder cannot be created, locked or written.
    case unusable(path: String, reason: String)
    /// The index is not readable JSON (it is never half-written; someone edited it).
    case corruptIndex(path: String, reason: String)
    /// No delivered notification has this identifier.
    case unknownNotification(String)

    package var description: String {
        switch self {
        case .unusable(let path, let reason): "attachment store \(path): \(reason)"
        case .corruptIndex(let path, let reason): "attachment store index \(path) is not readable: \(reason)"
        case .unknownNotification(let identifier): "no delivered notification \"\(identifier)\" in the store"
        }
    }
}
