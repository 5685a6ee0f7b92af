/// The pods whose module nsesim provides (the build's framework table): a pod's name (or its root
/// spec's, before `/`) → the modules it gives an extension, as the vendors' podspecs name them.
package enum PodStandIns {
    static let modules: [String: [String]] = [
        // Firebase: the umbrella pod's subspec (its module Firebase is FrameworkTable's alias), and the pod of its own.
        "Firebase/Messaging": ["FirebaseMessaging"],
        "FirebaseMessaging": ["FirebaseMessaging"],
        // OneSignal: the XCFramework pod gives OneSignal (3.x, 4.x) or OneSignalExtension (5.x).
        "OneSignalXCFramework": ["OneSignalExtension", "OneSignal"],
        "OneSignal": ["OneSignal"],
        "OneSignalExtension": ["OneSignalExtension"],
        // Braze's Swift SDK: the notification service library is a pod of its own.
        "BrazeNotificationService": ["BrazeNotificationService"],
        // Braze before its Swift SDK: module Appboy_iOS_SDK (FrameworkTable's alias of AppboyKit).
        "Appboy-iOS-SDK": ["AppboyKit"],
        // Airship: module_name AirshipServiceExtension (FrameworkTable's alias of its SwiftPM name).
        "AirshipServiceExtension": ["AirshipNotificationServiceExtension"],
        // Iterable: module_name IterableAppExtensions.
        "Iterable-iOS-AppExtensions": ["IterableAppExtensions"],
        "KlaviyoSwiftExtension": ["KlaviyoSwiftExtension"],
        // MoEngage: the rich-notification pod, and its name before SDK 7.
        "MoEngageRichNotification": ["MoEngageRichNotification"],
        "MORichNotification": ["MoEngageRichNotification"],
        // Salesforce Marketing Cloud: the extension SDK pod (module MCExtensionSDK).
        "MarketingCloud-ExtensionSDK": ["MCExtensionSDK"],
        // Notifee (React Native): the core pod an extension target links.
        "RNNotifeeCore": ["RNNotifeeCore"],
        "BatchExtension": ["BatchExtension"],
        // Pushwoosh: the XCFramework pod's module.
        "PushwooshXCFramework": ["PushwooshFramework"],
        // Notificare: the subspec of its pod.
        "Notificare/NotificareNotificationServiceExtensionKit": ["NotificareNotificationServiceExtensionKit"],
        // customer.io: the APN push pod and the common pod it brings.
        "CustomerIOMessagingPushAPN": ["CioMessagingPushAPN", "CioInternalCommon"],
        "CustomerIOCommon": ["CioInternalCommon"],
        "CustomerIOMessagingPush": ["CioMessagingPushAPN"],
        "CTNotificationService": ["CTNotificationService"],
        "CleverTap-iOS-SDK": ["CleverTapSDK"],
        // SDWebImage: the pod and its core subspec (module SDWebImage); its SwiftPM product has the module's name.
        "SDWebImage": ["SDWebImage"],
        "SDWebImage/Core": ["SDWebImage"],
        // Libraries: CocoaLumberjack's Swift subspec puts the Swift API into module CocoaLumberjack.
        "CocoaLumberjack": ["CocoaLumberjack"],
        "CocoaLumberjack/Swift": ["CocoaLumberjack"],
        "Sentry": ["Sentry"],
    ]

    /// The modules nsesim stands in with for `pod`, if any.
    package static func modules(for pod: String) -> [String]? {
        modules[pod]
    }

    /// The module a pod nsesim does not stand in for gives (CocoaPods' default `module_name`:
    /// the root spec's name as a C identifier).
    static func defaultModule(for pod: String) -> String {
        let root = pod.split(separator: "/").first.map(String.init) ?? pod
        return String(root.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }
}
