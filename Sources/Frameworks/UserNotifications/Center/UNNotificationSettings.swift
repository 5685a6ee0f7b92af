import Foundation

/// Whether the user allowed the app's notifications.
public enum UNAuthorizationStatus: Int, Sendable {
    case notDetermined = 0, denied = 1, authorized = 2, provisional = 3, ephemeral = 4
}

/// Whether one way of showing notifications is on.
public enum UNNotificationSetting: Int, Sendable {
    case notSupported = 0, disabled = 1, enabled = 2
}

/// How alerts appear when the device is unlocked.
public enum UNAlertStyle: Int, Sendable {
    case none = 0, banner = 1, alert = 2
}

/// When previews show on the lock screen.
public enum UNShowPreviewsSetting: Int, Sendable {
    case always = 0, whenAuthenticated = 1, never = 2
}

/// The app's notification settings as the user set them. An extension runs only for an app
/// whose notifications are allowed, so nsesim reports an app that is authorized for alerts,
/// badges and sounds, with banners and previews always shown.
open class UNNotificationSettings: NSObject, @unchecked Sendable {
    open private(set) var authorizationStatus: UNAuthorizationStatus = .authorized
    open private(set) var soundSetting: UNNotificationSetting = .enabled
    open private(set) var badgeSetting: UNNotificationSetting = .enabled
    open private(set) var alertSetting: UNNotificationSetting = .enabled
    open private(set) var notificationCenterSetting: UNNotificationSetting = .enabled
    open private(set) var lockScreenSetting: UNNotificationSetting = .enabled
    open private(set) var carPlaySetting: UNNotificationSetting = .notSupported
    open private(set) var criticalAlertSetting: UNNotificationSetting = .notSupported
    open private(set) var announcementSetting: UNNotificationSetting = .notSupported
    open private(set) var timeSensitiveSetting: UNNotificationSetting = .enabled
    open private(set) var scheduledDeliverySetting: UNNotificationSetting = .disabled
    open private(set) var directMessagesSetting: UNNotificationSetting = .enabled
    open private(set) var alertStyle: UNAlertStyle = .banner
    open private(set) var showPreviewsSetting: UNShowPreviewsSetting = .always
    open private(set) var providesAppNotificationSettings = false

    override init() {
        super.init()
    }
}
