import Foundation

/// The app's contact model, shared between the app and its extensions (an in-house module,
/// as a team's own framework target would be in Xcode).
public struct Contact: Sendable, Equatable {
    public let id: String
    public let displayName: String

    public init(id: String, displayName: String) {
        self.id = id
        self.displayName = displayName
    }
}

/// The contacts the app knows, keyed by the ids payloads carry.
public enum ContactDirectory {
    public static func contact(id: String) -> Contact {
        Contact(id: id, displayName: id.prefix(1).uppercased() + id.dropFirst())
    }
}
