/// The modules nsesim provides to extensions: one row each. The build links a row's
/// library when the extension imports its module (or always), the build cache is keyed by
/// the libraries, and a missing module's error lists the rows. Each row's package lives in
/// `Sources/Frameworks/<module>` (Apple's) or `Sources/SDKs/<module>` and has a line in
/// Package.swift's `frameworks`; docs/ARCHITECTURE.md says how to add one.
package enum FrameworkTable {
    package static let all: [ProvidedFramework] = [
        // Apple's UserNotifications; it re-exports NSESimDownloads (`NSESimDownloader`).
        ProvidedFramework(module: "UserNotifications", alsoLinks: ["NSESimDownloads"], linking: .always),
        // swift-crypto's Crypto under Apple's name.
        ProvidedFramework(module: "CryptoKit"),
        // Combine over OpenCombine (and OpenCombineDispatch: DispatchQueue as a scheduler).
        ProvidedFramework(module: "Combine"),
        // Unified logging: Logger, OSLog, os_log, OSSignposter; entries in the report. Built as
        // NSESimOS: a module named os among the build products would turn on other packages'
        // `#if canImport(os)` (Apple-only code).
        ProvidedFramework(module: "os", library: "NSESimOS", aliases: ["os.log", "os.signpost", "OSLog"]),
        // UTType over the one type table that attachment validation reads.
        ProvidedFramework(module: "UniformTypeIdentifiers"),
        // The kUTType… constants and UTType functions; CoreServices is the macOS name.
        // It and Security re-export NSESimCFTypes (kCFBooleanTrue, noErr): its library is linked with them.
        ProvidedFramework(module: "MobileCoreServices", alsoLinks: ["NSESimCFTypes"], aliases: ["CoreServices"]),
        // The keychain, kept per app and access group; every access in the report.
        ProvidedFramework(module: "Security", alsoLinks: ["NSESimCFTypes"]),
        // Communication notifications: INSendMessageIntent, INPerson, INImage.
        ProvidedFramework(module: "Intents"),
        // VoIP calls reported from the extension (iOS 14.5), with the entitlement rule.
        ProvidedFramework(module: "CallKit"),
        // Bitmap contexts, paths, clips, transforms and images drawn for real (CImageBridge); it
        // re-exports NSESimCFTypes (CFString, CFData), whose library is linked with it.
        ProvidedFramework(module: "CoreGraphics", alsoLinks: ["NSESimCFTypes"]),
        // CGImageSource / CGImageDestination over CoreGraphics' bridge: thumbnails decoded downscaled.
        ProvidedFramework(module: "ImageIO", alsoLinks: ["CoreGraphics", "NSESimCFTypes"]),
        // UIImage decoded, drawn smaller and encoded for real (codec libraries loaded on first use);
        // UIColor, UIFont, UIScreen, UIDevice as values; UIApplication.shared unavailable. It
        // re-exports CoreGraphics, as on iOS: its library (and NSESimCFTypes) is linked with it.
        ProvidedFramework(module: "UIKit", alsoLinks: ["CoreGraphics", "NSESimCFTypes"]),
        // CLCircularRegion and UNLocationNotificationTrigger; `nsesim center move` fires them.
        ProvidedFramework(module: "CoreLocation"),
        // Content extensions: UNNotificationContentExtension and the NSExtensionContext additions;
        // nsesim's entry point loads the compiled storyboard into UIKit's views.
        ProvidedFramework(module: "UserNotificationsUI", alsoLinks: ["UIKit", "CoreGraphics", "NSESimCFTypes"]),
        // SCNetworkReachability from the machine's real state and the network profile; each call reported.
        // Both re-export NSESimCFTypes (kCFAllocatorDefault, noErr): its library is linked with them.
        ProvidedFramework(module: "SystemConfiguration", alsoLinks: ["NSESimCFTypes"]),
        // System Sound Services: sound files checked (libmagic), each play reported; nothing is heard.
        ProvidedFramework(module: "AudioToolbox", alsoLinks: ["NSESimCFTypes"]),
        // NSPersistentContainer and contexts over SQLite (NSESimSQLite), the model from the
        // project's .xcdatamodeld (NSESimDataModel); each load, fetch and save reported.
        ProvidedFramework(module: "CoreData", alsoLinks: ["NSESimSQLite", "NSESimDataModel"]),
        // BGTaskScheduler as iOS answers an app extension: submit throws .unavailable; each call reported.
        ProvidedFramework(module: "BackgroundTasks"),
        // CCCrypt, CCHmac, CC_SHA…, PBKDF2 over Debian's libcrypto (loaded on the first call). Built as
        // NSESimCommonCrypto: swift-crypto tests `#if canImport(CommonCrypto)`.
        ProvidedFramework(module: "CommonCrypto", library: "NSESimCommonCrypto"),
        // Darwin notifications between the processes of this machine (a file per name, inotify).
        // Built as NSESimNotify: libnotify.so is the desktop's notification library.
        ProvidedFramework(module: "notify", library: "NSESimNotify"),
        // AVAudioFile over libsndfile (loaded on the first file), PCM buffers and formats,
        // AVAudioSession recorded; each open, read and write reported.
        ProvidedFramework(module: "AVFAudio"),
        // AVFAudio, CoreMedia and CoreGraphics re-exported, as iOS's AVFoundation re-exports them;
        // AVAsset and AVAssetImageGenerator over Debian's FFmpeg libraries (loaded on the first asset).
        ProvidedFramework(module: "AVFoundation", alsoLinks: ["AVFAudio", "CoreMedia", "CoreGraphics", "ImageIO", "NSESimCFTypes"]),
        // CMTime and CMTimeRange, pure values.
        ProvidedFramework(module: "CoreMedia"),
        // AVFoundation re-exported (image libraries import AVKit for AVAssetImageGenerator).
        ProvidedFramework(
            module: "AVKit", alsoLinks: ["AVFoundation", "AVFAudio", "CoreMedia", "CoreGraphics", "ImageIO", "NSESimCFTypes"]),
        // CIImage recipes rendered into real pixels by CIContext over CoreGraphics' bitmaps; the
        // UIKit additions (CIColor(color:), UIImage(ciImage:)) live in it, so it links UIKit.
        ProvidedFramework(module: "CoreImage", alsoLinks: ["UIKit", "CoreGraphics", "NSESimCFTypes"]),
        // vImage's buffers and ARGB8888 convolutions, for real. Built as NSESimAccelerate: numeric
        // packages test `#if canImport(Accelerate)` for vDSP and BLAS, which nsesim lacks.
        ProvidedFramework(module: "Accelerate", library: "NSESimAccelerate"),
        // PHLivePhoto from a still and its movie (both read and checked); no photo library.
        ProvidedFramework(
            module: "Photos", alsoLinks: ["UIKit", "CoreGraphics", "NSESimCFTypes"]),
        // PHLivePhotoView (a UIView), Photos re-exported.
        ProvidedFramework(
            module: "PhotosUI",
            alsoLinks: ["Photos", "UIKit", "CoreGraphics", "UniformTypeIdentifiers", "NSESimCFTypes"]),
        // Push SDKs' extension helpers (Sources/SDKs), sharing NSESimSDKSupport; they download
        // through NSESimDownloads and report what they did (the report's `sdk` section).
        ProvidedFramework(
            module: "FirebaseMessaging", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("Firebase"),
            aliases: ["Firebase"]),  // CocoaPods' umbrella module, which re-exports it
        ProvidedFramework(module: "OneSignalExtension", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("OneSignal")),
        // OneSignal before version 5 (`import OneSignal`): the same handler under the class `OneSignal`.
        ProvidedFramework(module: "OneSignal", alsoLinks: ["OneSignalExtension", "NSESimSDKSupport"], vendor: .sdk("OneSignal")),
        ProvidedFramework(module: "BrazeNotificationService", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("Braze")),
        // Braze before its Swift SDK: ABKPushUtils; the SwiftPM product's name, and the CocoaPods pod's module.
        ProvidedFramework(module: "AppboyKit", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("Braze"), aliases: ["Appboy_iOS_SDK"]),
        ProvidedFramework(
            module: "AirshipNotificationServiceExtension", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("Airship"),
            aliases: ["AirshipServiceExtension"]),  // the CocoaPods pod's module name
        ProvidedFramework(module: "IterableAppExtensions", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("Iterable")),
        ProvidedFramework(module: "KlaviyoSwiftExtension", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("Klaviyo")),
        // MoEngage: MORichNotification is the older SDKs' pod and module (the class MORichNotification).
        ProvidedFramework(
            module: "MoEngageRichNotification", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("MoEngage"),
            aliases: ["MORichNotification"]),
        // Salesforce Marketing Cloud: the extension SDK (SFMCNotificationService).
        ProvidedFramework(module: "MCExtensionSDK", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("Salesforce Marketing Cloud")),
        // Notifee, the React Native library whose pod RNNotifeeCore extension targets link.
        ProvidedFramework(module: "RNNotifeeCore", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("Notifee")),
        ProvidedFramework(module: "BatchExtension", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("Batch")),
        ProvidedFramework(module: "PushwooshFramework", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("Pushwoosh")),
        ProvidedFramework(module: "NotificareNotificationServiceExtensionKit", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("Notificare")),
        // customer.io: its push module names CioInternalCommon's types (Region, CioLogLevel) in its API.
        ProvidedFramework(
            module: "CioMessagingPushAPN", alsoLinks: ["CioInternalCommon", "NSESimSDKSupport"], vendor: .sdk("customer.io"),
            aliases: ["CioMessagingPush"]),  // the module of MessagingPush itself, which Expo's plugin imports
        ProvidedFramework(module: "CioInternalCommon", vendor: .sdk("customer.io")),
        ProvidedFramework(module: "CTNotificationService", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("CleverTap")),
        ProvidedFramework(module: "CleverTapSDK", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("CleverTap")),
        // SDWebImage (an Objective-C library Linux cannot build): its manager, downloader and cache,
        // downloading through NSESimDownloads and decoding with UIKit; each step in the `sdk` section.
        ProvidedFramework(
            module: "SDWebImage", alsoLinks: ["NSESimSDKSupport", "NSESimDownloads", "UIKit", "CoreGraphics", "NSESimCFTypes"],
            vendor: .sdk("SDWebImage")),
        // Libraries extensions call that are not push SDKs: their log lines, events and
        // breadcrumbs in the report. CocoaLumberjackSwift is the SwiftPM product Swift users
        // import; CocoaPods' module is CocoaLumberjack, with the Swift API in it.
        ProvidedFramework(
            module: "CocoaLumberjack", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("CocoaLumberjack"), aliases: ["CocoaLumberjackSwift"]),
        ProvidedFramework(module: "Sentry", alsoLinks: ["NSESimSDKSupport"], vendor: .sdk("Sentry")),
    ]

    /// The modules of the rows: what a project's package products and pods are stood in with
    /// (`ProjectResolver.providedModules`).
    package static let modules: Set<String> = Set(all.map(\.module))

    /// The row of `module`, if nsesim provides it.
    package static func framework(named module: String) -> ProvidedFramework? {
        all.first { $0.module == module }
    }

    /// The libraries an extension importing `imports` links, in table order, each once.
    package static func libraries(importing imports: Set<String>) -> [String] {
        var seen = Set<String>()
        return all.filter { $0.isLinked(importing: imports) }
            .flatMap { [$0.library] + $0.alsoLinks }
            .filter { seen.insert($0).inserted }
    }

    /// The `-module-alias` arguments of the frameworks `imports` links that are built under
    /// another name.
    package static func aliasArguments(importing imports: Set<String>) -> [String] {
        all.filter { $0.isLinked(importing: imports) }.flatMap(\.aliasArguments)
    }

    /// Every library nsesim provides (the build cache depends on each).
    package static var allLibraries: [String] {
        var seen = Set<String>()
        return all.flatMap { [$0.library] + $0.alsoLinks }.filter { seen.insert($0).inserted }
    }

    /// Each alias an import may use, with the module it stands for: `os.log` → `os`.
    package static let aliases: [String: String] =
        Dictionary(all.flatMap { framework in framework.aliases.map { ($0, framework.module) } }, uniquingKeysWith: { first, _ in first })

    /// The module names, for messages: "UserNotifications, CryptoKit".
    package static var moduleList: String { all.map(\.module).joined(separator: ", ") }
}
