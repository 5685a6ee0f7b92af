/// The play/pause button iOS draws over a content extension's interface.
public enum UNNotificationContentExtensionMediaPlayPauseButtonType: UInt, Sendable {
    /// No button (the default).
    case none = 0
    /// A button at `mediaPlayPauseButtonFrame`, drawn with `mediaPlayPauseButtonTintColor`.
    case `default` = 1
    /// A translucent button over the content, hidden while playing.
    case overlay = 2
}
