/// The app's shared framework target.
public enum ChatCore {
    public static func displayName(for title: String) -> String { "[ChatCore] \(title)" }
}
