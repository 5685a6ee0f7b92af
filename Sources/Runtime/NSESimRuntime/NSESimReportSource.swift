/// Who reports a record to nsesim: one name each, used by the framework that sends it and by
/// the report that shows it.
public enum NSESimReportSource: String, Sendable, CaseIterable {
    /// A change to the app's notification center (UserNotifications).
    case center = "UserNotifications.center"
    /// A unified-logging entry (os).
    case log = "os.log"
    /// A keychain call (Security).
    case keychain = "Security.keychain"
    /// A call reported to CallKit.
    case call = "CallKit.call"
    /// An interaction donated (Intents).
    case donation = "Intents.donation"
    /// An image decoded, drawn or encoded (UIKit).
    case image = "UIKit.image"
    /// A reachability object created or asked for its flags (SystemConfiguration).
    case reachability = "SystemConfiguration.reachability"
    /// A system sound created, played or disposed of (AudioToolbox).
    case systemSound = "AudioToolbox.systemSound"
    /// An audio file opened, read, written or closed, or an audio session call (AVFAudio).
    case audio = "AVFAudio.audio"
    /// A Core Data store loaded, fetched from or saved to (CoreData).
    case coreDataStore = "CoreData.store"
    /// A background task scheduler call (BackgroundTasks).
    case backgroundTasks = "BackgroundTasks.scheduler"
    /// A cryptographic operation (CommonCrypto): algorithm, sizes, status, never a key.
    case crypto = "CommonCrypto.operation"
    /// A Darwin notification posted, registered for, delivered or cancelled (notify).
    case notify = "notify.notification"
    /// What a push SDK's extension helper did (FirebaseMessaging, OneSignalExtension, ...).
    case sdk = "SDK"
    /// An app group the extension's entitlements do not grant, asked for (UserNotifications'
    /// `containerURL(forSecurityApplicationGroupIdentifier:)`).
    case appGroupRefused = "UserNotifications.appGroupRefused"
    /// A file in an app group or the container that the lock state refused, or would refuse on a
    /// locked phone (NSESimFileProtection, read by nsesim from `NSESIM_FILE_PROTECTION_LOG`).
    case fileProtection = "Foundation.fileProtection"
    /// Part of a content extension's storyboard that nsesim drew otherwise (a class not found).
    case contentExtensionWarning = "UserNotificationsUI.warning"
}
