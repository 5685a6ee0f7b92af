/// Formats a notification's title the way the Pinned fixture's app does.
public enum TinyFormat {
    public static let version = "1.2.0"

    public static func shout(_ text: String) -> String {
        "[TinyFormat \(version)] " + text.uppercased()
    }
}
