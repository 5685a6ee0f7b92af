/// How much the Marketing Cloud extension SDK logs (`SFMCExtensionSdkLogLevel` in Objective-C).
public enum LogLevel: Int, Comparable, Sendable {
    case debug
    case warn
    case error
    case fault
    case none

    /// Orders the levels from `debug` to `none`.
    public static func < (left: LogLevel, right: LogLevel) -> Bool { left.rawValue < right.rawValue }
}
