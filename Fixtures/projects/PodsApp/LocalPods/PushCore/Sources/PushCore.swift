/// In-house code the app's Podfile brings as a development pod.
public enum PushCore {
    public static func tag(_ text: String) -> String { text + " (PushCore)" }
}
