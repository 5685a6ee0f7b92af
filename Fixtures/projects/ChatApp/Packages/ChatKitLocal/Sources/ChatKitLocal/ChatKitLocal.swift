/// A local Swift package the extension links.
public enum ChatKitLocal {
    public static func badge(for subtitle: String) -> String { "\(subtitle) (via ChatKitLocal)" }
}
