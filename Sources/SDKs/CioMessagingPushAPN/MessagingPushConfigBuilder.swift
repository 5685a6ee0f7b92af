import CioInternalCommon

/// Builds the push module's settings, as Customer.io's builder does (`MessagingPushConfigBuilder(cdpApiKey:)
/// .logLevel(.debug).build()` in an extension).
public class MessagingPushConfigBuilder {
    private var logLevel: CioLogLevel = .error
    private let cdpApiKey: String
    private var region: Region = .US
    private var autoFetchDeviceToken = true
    private var autoTrackPushEvents = true
    private var showPushAppInForeground = true
    private var appGroupId: String?

    /// The app's builder (no API key).
    public init() { cdpApiKey = "" }

    /// The extension's builder, with the workspace's CDP API key.
    public init(cdpApiKey: String) { self.cdpApiKey = cdpApiKey }

    /// The workspace's data center.
    @discardableResult
    public func region(_ region: Region) -> MessagingPushConfigBuilder {
        self.region = region
        return self
    }

    /// How much the SDK logs.
    @discardableResult
    public func logLevel(_ logLevel: CioLogLevel) -> MessagingPushConfigBuilder {
        self.logLevel = logLevel
        return self
    }

    /// Whether the app fetches its device token itself.
    @discardableResult
    public func autoFetchDeviceToken(_ value: Bool) -> MessagingPushConfigBuilder {
        autoFetchDeviceToken = value
        return self
    }

    /// Whether the extension tracks the `delivered` metric (default true).
    @discardableResult
    public func autoTrackPushEvents(_ value: Bool) -> MessagingPushConfigBuilder {
        autoTrackPushEvents = value
        return self
    }

    /// Whether the app shows pushes in the foreground.
    @discardableResult
    public func showPushAppInForeground(_ value: Bool) -> MessagingPushConfigBuilder {
        showPushAppInForeground = value
        return self
    }

    /// The app group for pending metrics (default: `group.<app id>.cio`).
    @discardableResult
    public func appGroupId(_ value: String) -> MessagingPushConfigBuilder {
        appGroupId = value
        return self
    }

    /// The settings.
    public func build() -> MessagingPushConfigOptions {
        MessagingPushConfigOptions(
            logLevel: logLevel, cdpApiKey: cdpApiKey, region: region, autoFetchDeviceToken: autoFetchDeviceToken,
            autoTrackPushEvents: autoTrackPushEvents, showPushAppInForeground: showPushAppInForeground,
            appGroupId: appGroupId)
    }
}
