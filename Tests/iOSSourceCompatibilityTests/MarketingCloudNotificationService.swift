import MCExtensionSDK
import UserNotifications

// Salesforce Marketing Cloud's extension SDK as extensions write it: the principal class
// inherits from SFMCNotificationService and overrides only sfmcProvideConfig and
// sfmcDidReceive (Salesforce's guide; public apps add a `_mediaAlt` fallback body).

/// The guide's extension: a custom key returned to the SDK.
class MarketingCloudNotificationService: SFMCNotificationService {
    override func sfmcProvideConfig() -> SFNotificationServiceConfig {
        var logLevel: LogLevel = .none
        #if DEBUG
        logLevel = .debug
        #endif
        return SFNotificationServiceConfig(logLevel: logLevel, shouldShowCarouselThumbnail: false)
    }

    override func sfmcDidReceive(
        _ request: UNNotificationRequest, mutableContent: UNMutableNotificationContent,
        withContentHandler contentHandler: @escaping ([AnyHashable: Any]?) -> Void
    ) {
        if mutableContent.attachments.isEmpty, let alt = mutableContent.userInfo["_mediaAlt"] as? String, !alt.isEmpty {
            mutableContent.body = alt
        }
        var customUserInfo: [AnyHashable: Any] = [:]
        customUserInfo["MyCustomKey"] = "MyCustomValue"
        contentHandler(customUserInfo)
    }
}

/// An extension that overrides nothing: the SDK's defaults.
class MarketingCloudDefaultNotificationService: SFMCNotificationService {}

/// The content extension's configuration type, as apps name it.
let marketingCloudContentConfig = SFContentExtensionConfig(logLevel: .warn, timeoutIntervalForRequest: 30.0)
