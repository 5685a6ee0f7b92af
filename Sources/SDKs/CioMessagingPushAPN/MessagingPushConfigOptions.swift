import CioInternalCommon

/// The push module's settings, made by `MessagingPushConfigBuilder`.
public struct MessagingPushConfigOptions: Sendable {
    /// How much the SDK logs.
    public let logLevel: CioLogLevel
    /// The workspace's CDP API key.
    public let cdpApiKey: String
    /// The workspace's data center.
    public let region: Region
    /// Whether the app fetches its device token itself (the app's setting).
    public let autoFetchDeviceToken: Bool
    /// Whether the extension tracks the `delivered` metric.
    public let autoTrackPushEvents: Bool
    /// Whether the app shows pushes in the foreground (the app's setting).
    public let showPushAppInForeground: Bool
    /// The app group for pending metrics; nil infers `group.<app id>.cio`.
    public let appGroupId: String?
}
