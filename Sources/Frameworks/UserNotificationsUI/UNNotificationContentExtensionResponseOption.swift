/// What happens after a content extension handled a tapped action
/// (`didReceive(_:completionHandler:)`'s answer).
public enum UNNotificationContentExtensionResponseOption: UInt, Sendable {
    /// The interface stays on screen; the app is not told.
    case doNotDismiss = 0
    /// The interface closes; the app is not told.
    case dismiss = 1
    /// The interface closes and the response goes to the app's
    /// `UNUserNotificationCenterDelegate`.
    case dismissAndForwardAction = 2
}
