/// CleverTap's log levels, as Swift imports `CleverTapLogLevel` (`CleverTapLogLevel.debug.rawValue`
/// for `CleverTap.setDebugLevel`).
public enum CleverTapLogLevel: Int32, Sendable {
    /// No logs.
    case off = -1
    /// Information.
    case info = 0
    /// Everything.
    case debug = 1
}
