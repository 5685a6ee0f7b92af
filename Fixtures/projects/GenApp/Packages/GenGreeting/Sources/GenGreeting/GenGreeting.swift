/// A local package of the XcodeGen project (packages: GenGreeting: path:).
public enum GenGreeting {
    public static func greet(style: String) -> String { "Hello (\(style), via GenGreeting)" }
}
