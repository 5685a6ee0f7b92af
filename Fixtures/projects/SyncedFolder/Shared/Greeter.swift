/// In the app's synchronized folder; the extension is a member through its exception set.
enum Greeter {
    static func greet(_ body: String) -> String { "\(body) (greeted)" }
}
