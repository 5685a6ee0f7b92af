/// Why a model file could not be read.
public enum DataModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file at the path, or it cannot be read.
    case unreadable(path: String)
    /// The XML is malformed: where and why.
    case malformed(path: String, offset: Int, reason: String)
    /// The XML is not a Core Data model (no `<model>` element), or an entity or attribute lacks its name.
    case notAModel(path: String, reason: String)

    /// The path and what is wrong.
    public var description: String {
        switch self {
        case .unreadable(let path): "\(path): cannot be read"
        case .malformed(let path, let offset, let reason): "\(path): malformed XML at byte \(offset): \(reason)"
        case .notAModel(let path, let reason): "\(path): not a Core Data model: \(reason)"
        }
    }
}
