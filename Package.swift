// swift-tools-version:6.0
import PackageDescription

/// nsesim: runs iOS notification extensions on Linux the way iOS runs them.
///
/// Two sides of a process boundary (docs/ARCHITECTURE.md):
/// - **Inside the extension process**, the modules an extension imports, each a dynamic
///   library in a package of its own under `Sources/Frameworks/` (Apple's frameworks) or
///   `Sources/SDKs/` (push SDK stand-ins), all reporting to nsesim through one runtime,
///   `Sources/Runtime/NSESimRuntime`. A package of its own, because SwiftPM links a target
///   of the same package into every dynamic library that depends on it, but links a dynamic
///   product of another package once: one copy of each module per process.
/// - **nsesim's side**, this package: the payload, project reading, the build, the host
///   (processes, sandboxing, the lifecycle), the store, the pipeline and its report, the
///   servers, replay, bench, the `nsesim` command line, and `nsesim-extension-host`, which
///   links no nsesim Swift module.
///
/// Every module, its folder and its job: the table in docs/layout.md (a test checks it
/// against the `Sources/` tree).

/// The modules extensions may import, one line each: the folder under `Sources/Frameworks/`
/// (or `Sources/SDKs/`) holding a package that vends a dynamic library of that name. Each
/// also has a row in NSESimBuild's `FrameworkTable`, which tells the build when to link it.
let frameworks: [(name: String, folder: String)] = [
    ("UserNotifications", "Sources/Frameworks/UserNotifications"),
    ("CryptoKit", "Sources/Frameworks/CryptoKit"),
    ("Combine", "Sources/Frameworks/Combine"),
    ("NSESimOS", "Sources/Frameworks/os"),  // built as NSESimOS, imported as os (FrameworkTable)
    ("UniformTypeIdentifiers", "Sources/Frameworks/UniformTypeIdentifiers"),
    ("MobileCoreServices", "Sources/Frameworks/MobileCoreServices"),
    ("Security", "Sources/Frameworks/Security"),
    ("Intents", "Sources/Frameworks/Intents"),
    ("CallKit", "Sources/Frameworks/CallKit"),
    ("CoreGraphics", "Sources/Frameworks/CoreGraphics"),
    ("ImageIO", "Sources/Frameworks/ImageIO"),
    ("UIKit", "Sources/Frameworks/UIKit"),
    ("CoreLocation", "Sources/Frameworks/CoreLocation"),
    ("UserNotificationsUI", "Sources/Frameworks/UserNotificationsUI"),
    ("SystemConfiguration", "Sources/Frameworks/SystemConfiguration"),
    ("AudioToolbox", "Sources/Frameworks/AudioToolbox"),
    ("CoreData", "Sources/Frameworks/CoreData"),
    ("BackgroundTasks", "Sources/Frameworks/BackgroundTasks"),
    ("NSESimCommonCrypto", "Sources/Frameworks/CommonCrypto"),  // built as NSESimCommonCrypto, imported as CommonCrypto (FrameworkTable)
    ("NSESimNotify", "Sources/Frameworks/notify"),  // built as NSESimNotify, imported as notify (FrameworkTable)
    ("AVFAudio", "Sources/Frameworks/AVFAudio"),
    ("AVFoundation", "Sources/Frameworks/AVFoundation"),  // AVFAudio and CoreMedia re-exported; assets
    ("CoreMedia", "Sources/Frameworks/CoreMedia"),
    ("AVKit", "Sources/Frameworks/AVKit"),  // AVFoundation re-exported
    ("CoreImage", "Sources/Frameworks/CoreImage"),
    ("NSESimAccelerate", "Sources/Frameworks/Accelerate"),  // built as NSESimAccelerate, imported as Accelerate (FrameworkTable)
    ("Photos", "Sources/Frameworks/Photos"),
    ("PhotosUI", "Sources/Frameworks/PhotosUI"),  // Photos re-exported
]

/// The push SDK stand-ins (`Sources/SDKs/`), each vending the SDK's module; same shape as
/// `frameworks`. NSESimSDKSupport is what they share (one copy per process).
let sdks: [(name: String, folder: String)] = [
    ("NSESimSDKSupport", "Sources/SDKs/NSESimSDKSupport"),
    ("FirebaseMessaging", "Sources/SDKs/FirebaseMessaging"),
    ("OneSignalExtension", "Sources/SDKs/OneSignalExtension"),
    ("OneSignal", "Sources/SDKs/OneSignal"),  // OneSignal before version 5: `import OneSignal`
    ("BrazeNotificationService", "Sources/SDKs/BrazeNotificationService"),
    ("AppboyKit", "Sources/SDKs/AppboyKit"),  // Braze before its Swift SDK (also `import Appboy_iOS_SDK`)
    ("AirshipNotificationServiceExtension", "Sources/SDKs/AirshipNotificationServiceExtension"),
    ("IterableAppExtensions", "Sources/SDKs/IterableAppExtensions"),
    ("KlaviyoSwiftExtension", "Sources/SDKs/KlaviyoSwiftExtension"),
    ("MoEngageRichNotification", "Sources/SDKs/MoEngageRichNotification"),
    ("MCExtensionSDK", "Sources/SDKs/MCExtensionSDK"),  // Salesforce Marketing Cloud
    ("RNNotifeeCore", "Sources/SDKs/RNNotifeeCore"),  // Notifee (React Native)
    ("BatchExtension", "Sources/SDKs/BatchExtension"),
    ("PushwooshFramework", "Sources/SDKs/PushwooshFramework"),
    ("NotificareNotificationServiceExtensionKit", "Sources/SDKs/NotificareNotificationServiceExtensionKit"),
    ("CioInternalCommon", "Sources/SDKs/CioInternalCommon"),
    ("CioMessagingPushAPN", "Sources/SDKs/CioMessagingPushAPN"),
    ("CTNotificationService", "Sources/SDKs/CTNotificationService"),
    ("CleverTapSDK", "Sources/SDKs/CleverTapSDK"),
    ("SDWebImage", "Sources/SDKs/SDWebImage"),  // a library stand-in: downloads and caches images
    ("CocoaLumberjack", "Sources/SDKs/CocoaLumberjack"),  // also `import CocoaLumberjackSwift`
    ("Sentry", "Sources/SDKs/Sentry"),
]

/// The runtime packages: nsesim's side of the extension process, shared by the frameworks.
let runtime: [(name: String, folder: String)] = [
    ("NSESimRuntime", "Sources/Runtime/NSESimRuntime"),
    ("AttachmentValidation", "Sources/Runtime/AttachmentValidation"),
    ("NSESimDownloads", "Sources/Runtime/NSESimDownloads"),
    ("NSESimCenter", "Sources/Runtime/NSESimCenter"),
    ("NSESimSQLite", "Sources/Runtime/NSESimSQLite"),
    ("NSESimKeychain", "Sources/Runtime/NSESimKeychain"),
    ("NSESimDataModel", "Sources/Runtime/NSESimDataModel"),
]

/// `make first-notification` sets NSESIM_FIRST_NOTIFICATION: the package is then only what
/// `nsesim run` needs for an extension importing UserNotifications (nsesim, the extension
/// host, the file-protection interposer, UserNotifications and the runtime packages), so a
/// fresh clone resolves, loads and compiles nothing else before its first notification. The
/// targets kept are the same as in the whole package, so the build that follows (`swift
/// build`) reuses what this one compiled. Benchmarks/first-run-bench.sh measures the wait.
let firstNotificationOnly = Context.environment["NSESIM_FIRST_NOTIFICATION"] != nil

/// The packages of extension-side modules the root depends on.
let extensionPackages =
    firstNotificationOnly ? runtime + frameworks.filter { $0.name == "UserNotifications" } : runtime + frameworks + sdks

/// Settings for every Swift target of nsesim's own (Swift 6 language mode is the tools
/// version's default): `any` spelled out for existentials, and members visible only from
/// modules a file imports itself.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The library product `name` of the package in `folder` (its identity is the folder's name).
func module(_ name: String, folder: String? = nil) -> Target.Dependency {
    .product(name: name, package: folder.map { String($0.split(separator: "/").last!) } ?? name)
}

let package = Package(
    name: "nsesim",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "nsesim", targets: ["nsesim"]),
        .executable(name: "nsesim-extension-host", targets: ["nsesim-extension-host"]),
        // The local APNs (`nsesim apns` becomes it): apart, so that nsesim's first build skips its HTTP/2 and TLS.
        .executable(name: "nsesim-apns", targets: ["nsesim-apns"]),
        // File protection in the extension process: a C interposer preloaded into it (LD_PRELOAD).
        .library(name: "NSESimFileProtection", type: .dynamic, targets: ["NSESimFileProtection"]),
        // Builds every framework library (see Sources/ExtensionFrameworks).
        .library(name: "ExtensionFrameworks", type: .dynamic, targets: ["ExtensionFrameworks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    ]
        // The local APNs's HTTP/2 and TLS (nsesim-apns only).
        + (firstNotificationOnly
            ? []
            : [
                .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
                .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
            ])
        + extensionPackages.map { .package(path: $0.folder) },
    targets: [
        .target(name: "ExtensionFrameworks", dependencies: (frameworks + sdks).map { module($0.name, folder: $0.folder) }),
        // The payload: parsing, the invocation gate, lint (all the local APNs needs of a push).
        .target(
            name: "NSESimPayload",
            dependencies: [module("UserNotifications"), module("NSESimRuntime")],
            swiftSettings: swiftSettings
        ),
        // What nsesim keeps on disk: the attachment store (one folder per app, files moved in
        // atomically, an index that agrees with them after any kill: docs/behaviour.md#the-attachment-store), the checks
        // that move attachments into it, an app's data (app groups, preferences) and the seeds
        // of its state (keychain items, app group files), and the app's notification center on
        // nsesim's side.
        .target(
            name: "NSESimStore",
            dependencies: [
                module("AttachmentValidation"), module("UserNotifications"), module("NSESimRuntime"), module("NSESimCenter"),
                module("NSESimKeychain"), module("NSESimSQLite"), .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // Project reading: Xcode's project.pbxproj (OpenStep plists), xcconfig files, XcodeGen's
        // project.yml, CocoaPods' Podfile and Podfile.lock, SwiftPM's Package.resolved, and a
        // target of them resolved (`ProjectResolver`) into what a build takes: its sources,
        // settings, entitlements, framework targets, packages and pods.
        .target(
            name: "NSESimProject",
            dependencies: [module("NSESimRuntime"), .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        // Pictures of what the user sees: the lock screen and the expanded notification as
        // self-contained HTML, and as PNG through headless Chromium.
        .target(
            name: "NSESimRender",
            dependencies: ["NSESimStore", module("NSESimCenter"), module("NSESimRuntime")],
            swiftSettings: swiftSettings
        ),
        // The extension build: the extension folder (or a project's target, as NSESimProject
        // resolves it) and its Info.plist, the framework table, the source rewrites, the
        // storyboard compiler, remote packages built with SwiftPM, swiftc and the build cache.
        .target(
            name: "NSESimBuild",
            dependencies: [
                "NSESimProject", "NSESimStore", module("UserNotifications"), module("NSESimRuntime"), module("NSESimDataModel"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // The extension host: the one process launcher every extension point starts through
        // (the container it is sandboxed in and its recycling, environment, descriptors, killing
        // the process tree), the service extension's lifecycle state machine and its driver, the
        // content extension's session.
        .target(
            name: "NSESimHost",
            dependencies: [
                "NSESimBuild", "NSESimStore", "NSESimZygote", module("UserNotifications"), module("NSESimRuntime"),
                module("NSESimKeychain"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            swiftSettings: swiftSettings
        ),
        // The pipeline a push takes (gate, build once, run, store, center, follow-ups), the
        // typed report on top, and `show`'s pictures of the result.
        .target(
            name: "NSESimCore",
            dependencies: [
                "NSESimPayload", "NSESimProject", "NSESimBuild", "NSESimHost", "NSESimStore", "NSESimRender",
                module("UserNotifications"), module("NSESimRuntime"), module("AttachmentValidation"), module("NSESimCenter"),
                module("NSESimKeychain"),
            ],
            swiftSettings: swiftSettings
        ),
        // The local HTTP server for downloads: network profiles applied on its side, faults on request.
        .target(
            name: "FixtureServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            resources: [.copy("network-profiles.json")],
            swiftSettings: swiftSettings
        ),
        // A local APNs: Apple's provider API (HTTP/2 over TLS) on 127.0.0.1, requests checked as APNs does.
        .target(
            name: "APNsServer",
            dependencies: [
                "NSESimPayload",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // What the local APNs does with each accepted push: the notification pipeline.
        .target(
            name: "APNsDelivery",
            dependencies: [
                "APNsServer", "NSESimCore", module("NSESimRuntime"), .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // Replay: cases, the runner, JUnit and JSON reports.
        .target(
            name: "Replay",
            dependencies: [
                "NSESimCore", "NSESimProject", "NSESimBuild", "NSESimHost", "NSESimStore", module("NSESimRuntime"), module("NSESimCenter"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // `nsesim fuzz`: payloads made from seeds, findings, shrinking, the cases (docs/fuzz.md).
        .target(
            name: "ExtensionFuzzer",
            dependencies: ["NSESimCore", "NSESimBuild", "NSESimHost", "NSESimPayload", module("NSESimRuntime")],
            swiftSettings: swiftSettings
        ),
        // Bench: many runs per payload and network, statistics, thresholds, the HTML report.
        .target(
            name: "Bench", dependencies: ["NSESimCore", "NSESimBuild", "NSESimHost", "FixtureServer", module("NSESimRuntime")],
            swiftSettings: swiftSettings),
        // Loads an extension with dlopen and hands it the protocol pipes; it links no Swift
        // module of nsesim's (see docs/ARCHITECTURE.md).
        .executableTarget(name: "nsesim-extension-host", dependencies: ["NSESimZygote"], swiftSettings: swiftSettings),
        // The extension zygote's fork loop and nsesim's side of it (C: it must stay single-threaded).
        .target(name: "NSESimZygote"),
        // iOS's Data Protection for files in the extension process (docs/phone-state.md): the C
        // library's open calls interposed, preloaded by ExtensionLauncher. C only; SwiftPM's link
        // adds the Swift runtime, which the extension process loads anyway.
        .target(name: "NSESimFileProtection"),
        // The command line: every command's options and what it prints (swift-argument-parser),
        // shared by the two executables below.
        .target(
            name: "NSESimCommandLine",
            dependencies: [
                "NSESimCore", "NSESimPayload", "NSESimProject", "NSESimBuild", "NSESimHost", "NSESimStore", "FixtureServer", "Replay",
                "Bench", "ExtensionFuzzer", module("NSESimRuntime"), module("NSESimCenter"), module("NSESimSQLite"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "nsesim",
            dependencies: ["NSESimCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: swiftSettings
        ),
        // `nsesim apns`: the local APNs (HTTP/2 over TLS) and its device registry.
        .executableTarget(
            name: "nsesim-apns",
            dependencies: [
                "NSESimCommandLine", "APNsServer", "APNsDelivery", "NSESimCore", "NSESimBuild", "NSESimHost", "NSESimStore",
                module("NSESimRuntime"), module("NSESimCenter"), .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),

        // Benchmarks (`make bench`): they print figures against baselines measured in the same run.
        .executableTarget(
            name: "nsesim-bench-runtime",
            dependencies: [
                "NSESimCore", "NSESimBuild", "NSESimHost", "NSESimPayload", module("UserNotifications"), module("NSESimRuntime"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Benchmarks/RuntimeBenchmark"
        ),
        .executableTarget(
            name: "nsesim-bench-downloads",
            dependencies: [module("UserNotifications"), module("AttachmentValidation"), module("NSESimRuntime")],
            path: "Benchmarks/DownloadBenchmark"
        ),
        .executableTarget(name: "nsesim-bench-echo", path: "Benchmarks/Echo"),
        .executableTarget(name: "nsesim-bench-echo-foundation", path: "Benchmarks/EchoFoundation"),
        // The fixture server's pacing per network profile, timed by curl.
        .executableTarget(
            name: "nsesim-bench-pacing",
            dependencies: [
                "FixtureServer",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Benchmarks/PacingBenchmark"
        ),
        // How costs grow with the work: attachments 1 -> 8, notifications 10 -> 1000.
        .executableTarget(
            name: "nsesim-bench-scaling",
            dependencies: ["NSESimCore", "NSESimBuild", "NSESimHost", "NSESimStore", "FixtureServer", "Bench", module("NSESimRuntime")],
            path: "Benchmarks/ScalingBenchmark"
        ),
        // The notification center at 100,000 notifications: delivery cost first vs last, `center ls` vs a SELECT.
        .executableTarget(
            name: "nsesim-bench-center",
            dependencies: [module("NSESimCenter"), module("NSESimSQLite"), module("NSESimRuntime")],
            path: "Benchmarks/CenterBenchmark"
        ),

        // --- Fuzzing (`make fuzz`) ---
        // libFuzzer over payload parsing, the gate, lint and the lint reports. `make fuzz` builds
        // it with `-sanitize=fuzzer -D NSESIM_LIBFUZZER`; a plain build links it without
        // libFuzzer, as a tool that runs saved inputs through the same checks.
        .executableTarget(
            name: "nsesim-fuzz-payload",
            dependencies: ["NSESimCore", "NSESimPayload", module("UserNotifications"), module("NSESimRuntime")],
            path: "Fuzz/PayloadFuzzer"
        ),
        // --- end of fuzzing ---

        // Tests: a target per module tested, the end-to-end suites through real processes, plus the iOS samples.
        .target(
            name: "NSESimTestSupport", dependencies: ["NSESimPayload", module("UserNotifications"), module("NSESimRuntime")],
            path: "Tests/TestSupport"),
        .testTarget(name: "NSESimRuntimeTests", dependencies: [module("NSESimRuntime"), "NSESimPayload"]),
        // The pure parts of notify and CommonCrypto (their registrations, folders and cipher rules).
        .testTarget(name: "NSESimNotifyTests", dependencies: [module("NSESimNotify", folder: "Sources/Frameworks/notify")]),
        .testTarget(
            name: "NSESimCommonCryptoTests", dependencies: [module("NSESimCommonCrypto", folder: "Sources/Frameworks/CommonCrypto")]),
        .testTarget(name: "NSESimCenterTests", dependencies: [module("NSESimCenter"), module("NSESimRuntime"), module("NSESimSQLite")]),
        .testTarget(name: "AttachmentValidationTests", dependencies: [module("AttachmentValidation")]),
        .testTarget(name: "NSESimSQLiteTests", dependencies: [module("NSESimSQLite")]),
        .testTarget(
            name: "CoreDataTests",
            dependencies: [module("CoreData"), module("NSESimSQLite"), module("NSESimDataModel"), module("UserNotifications")]),
        .testTarget(
            name: "UserNotificationsTests",
            dependencies: [
                module("UserNotifications"), module("NSESimRuntime"), module("AttachmentValidation"),
                module("NSESimCenter"), module("NSESimSQLite"),
            ]),
        .testTarget(
            name: "iOSSourceCompatibilityTests",
            dependencies: [
                module("UserNotifications"), module("Combine"), module("UniformTypeIdentifiers"),
                module("MobileCoreServices"), module("Security"), module("Intents"),
                module("CallKit"), module("UIKit"), module("UserNotificationsUI"), module("CoreGraphics"), module("ImageIO"),
                module("SystemConfiguration"), module("AudioToolbox"), module("CoreData"),
                module("BackgroundTasks"), module("NSESimCommonCrypto", folder: "Sources/Frameworks/CommonCrypto"),
                module("NSESimNotify", folder: "Sources/Frameworks/notify"),
                // Push SDK stand-ins of the second wave, whose iOS samples are here.
                module("AppboyKit"), module("BatchExtension"), module("PushwooshFramework"),
                module("NotificareNotificationServiceExtensionKit"), module("CioMessagingPushAPN"),
                module("CioInternalCommon"), module("CTNotificationService"),
                module("CleverTapSDK"), module("MoEngageRichNotification"), module("MCExtensionSDK"),
                module("RNNotifeeCore"), module("SDWebImage"),
                // Libraries and the audio frameworks whose iOS samples are here.
                module("AVFAudio"), module("AVFoundation"), module("CoreMedia"), module("AVKit"), module("CocoaLumberjack"),
                module("Sentry"),
                // The image frameworks of Kingfisher's filters and blur.
                module("CoreImage"), module("NSESimAccelerate", folder: "Sources/Frameworks/Accelerate"),
                // Live Photos and their view.
                module("Photos"), module("PhotosUI"),
            ],
            // Swift Testing declares a cross-import overlay for UIKit (`_Testing_UIKit`, Apple's
            // platforms only): a file importing both would look for it and fail.
            // CommonCrypto, notify and Accelerate are built under other names (FrameworkTable): the
            // samples import them by Apple's, as extension builds do.
            swiftSettings: [
                .swiftLanguageMode(.v5),
                .unsafeFlags([
                    "-Xfrontend", "-disable-cross-import-overlays", "-module-alias", "CommonCrypto=NSESimCommonCrypto",
                    "-module-alias", "notify=NSESimNotify", "-module-alias", "Accelerate=NSESimAccelerate",
                ]),
            ]
        ),
        .testTarget(
            name: "NSESimDownloadsTests",
            dependencies: [module("NSESimDownloads"), module("UserNotifications"), "FixtureServer", "NSESimTestSupport"]
        ),
        .testTarget(
            name: "NSESimPayloadTests",
            dependencies: ["NSESimPayload", module("UserNotifications"), module("NSESimRuntime"), "NSESimTestSupport"]),
        .testTarget(
            name: "NSESimProjectTests", dependencies: ["NSESimProject", "NSESimPayload", module("NSESimRuntime"), "NSESimTestSupport"]),
        .testTarget(
            name: "NSESimBuildTests",
            dependencies: ["NSESimBuild", "NSESimProject", "NSESimPayload", module("NSESimRuntime"), "NSESimTestSupport"]),
        .testTarget(name: "NSESimHostTests", dependencies: ["NSESimHost", module("NSESimRuntime"), "NSESimTestSupport"]),
        .testTarget(
            name: "NSESimRenderTests", dependencies: ["NSESimRender", "NSESimPayload", module("NSESimRuntime"), "NSESimTestSupport"]),
        .testTarget(
            name: "NSESimCoreTests",
            dependencies: [
                "NSESimCore", "NSESimPayload", "NSESimBuild", "NSESimHost", "NSESimStore", module("NSESimRuntime"), "NSESimTestSupport",
            ]),
        .testTarget(
            name: "NSESimCoreExtensionTests",
            dependencies: [
                "NSESimCore", "NSESimBuild", "NSESimHost", "NSESimStore", "nsesim-extension-host", "FixtureServer",
                module("UserNotifications"), module("NSESimRuntime"), module("NSESimCenter"), module("NSESimKeychain"),
                module("NSESimSQLite"), "NSESimTestSupport",
            ]
        ),
        .testTarget(
            name: "NSESimStoreTests",
            dependencies: [
                "NSESimCore", "NSESimStore", "nsesim", "nsesim-extension-host", module("UserNotifications"), module("NSESimRuntime"),
                module("NSESimCenter"), module("NSESimSQLite"), "NSESimTestSupport",
            ]
        ),
        .testTarget(
            name: "nsesimTests", dependencies: ["nsesim", "NSESimCommandLine", "NSESimBuild", "NSESimTestSupport", module("NSESimSQLite")]),
        .testTarget(
            name: "APNsServerTests",
            dependencies: [
                "APNsServer", "NSESimCore", "nsesim", "nsesim-apns", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"), "NSESimTestSupport",
            ], exclude: ["Clients"]),  // the PyPI provider's script the tests run with python
        .testTarget(name: "FixtureServerTests", dependencies: ["FixtureServer", module("NSESimRuntime"), "NSESimTestSupport"]),
        .testTarget(
            name: "ReplayTests",
            dependencies: [
                "Replay", "NSESimCore", "NSESimBuild", module("NSESimRuntime"), "nsesim", "nsesim-extension-host", "NSESimTestSupport",
            ]
        ),
        .testTarget(
            name: "BenchTests", dependencies: ["Bench", "NSESimCore", "NSESimHost", "nsesim", "nsesim-extension-host", "NSESimTestSupport"]),
        .testTarget(
            name: "ExtensionFuzzerTests",
            dependencies: [
                "ExtensionFuzzer", "Replay", "NSESimCore", "NSESimHost", module("NSESimRuntime"), "nsesim", "nsesim-extension-host",
                "NSESimTestSupport",
            ]),
    ]
)

// The first notification's package (see `firstNotificationOnly`): the targets `nsesim run` needs.
if firstNotificationOnly {
    let firstNotificationTargets: Set<String> = [
        "nsesim", "NSESimCommandLine", "nsesim-extension-host", "NSESimZygote", "NSESimFileProtection", "NSESimCore",
        "NSESimPayload", "NSESimProject", "NSESimBuild", "NSESimHost", "NSESimStore", "NSESimRender", "FixtureServer",
        "Replay", "Bench", "ExtensionFuzzer",
    ]
    package.targets.removeAll { !firstNotificationTargets.contains($0.name) }
    package.products.removeAll { product in product.name == "ExtensionFrameworks" || product.name == "nsesim-apns" }
}
