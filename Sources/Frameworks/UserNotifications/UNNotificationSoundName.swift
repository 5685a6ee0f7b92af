/// The name of a sound file in the app bundle or the Library/Sounds folder.
public struct UNNotificationSoundName: RawRepresentable, Hashable, Equatable, Sendable {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}
