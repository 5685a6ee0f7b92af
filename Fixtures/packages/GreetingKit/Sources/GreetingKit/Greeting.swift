import CGreeting

/// How the app greets a sender.
public enum Greeting {
    public static func title(for name: String) -> String {
        "Hello, \(name)" + String(repeating: "!", count: Int(greeting_emphasis()))
    }
}
