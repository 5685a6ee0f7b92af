import Foundation

/// A habit the app tracks.
public struct Habit: Sendable {
    public let name: String
    public let days: Int

    public init(name: String, days: Int) {
        self.name = name
        self.days = days
    }
}
