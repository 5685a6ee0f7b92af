import Foundation

/// What a service extension tells the Marketing Cloud extension SDK from `sfmcProvideConfig()`
/// (`SFMCNotificationServiceConfig` in Objective-C): its log level, and whether a carousel
/// push shows its first image as the notification's thumbnail.
public final class SFNotificationServiceConfig: NSObject, @unchecked Sendable {
    /// The log level.
    public let logLevel: LogLevel
    /// Whether a carousel push shows its first image as the thumbnail.
    public let shouldShowCarouselThumbnail: Bool

    /// A configuration; by default no logs, the carousel thumbnail shown.
    public init(logLevel: LogLevel = .none, shouldShowCarouselThumbnail: Bool = true) {
        self.logLevel = logLevel
        self.shouldShowCarouselThumbnail = shouldShowCarouselThumbnail
    }
}

/// What a content extension tells the SDK (`SFMCContentExtensionConfig` in Objective-C): its
/// log level and the timeout of its image requests. nsesim has no carousel content
/// extension: the type is here so that code naming it builds.
public final class SFContentExtensionConfig: NSObject, @unchecked Sendable {
    /// The log level.
    public let logLevel: LogLevel
    /// The timeout of the content extension's requests, in seconds.
    public let timeoutIntervalForRequest: TimeInterval

    /// A configuration with `logLevel` and `timeoutIntervalForRequest`.
    public init(logLevel: LogLevel = .none, timeoutIntervalForRequest: TimeInterval) {
        self.logLevel = logLevel
        self.timeoutIntervalForRequest = timeoutIntervalForRequest
    }
}
