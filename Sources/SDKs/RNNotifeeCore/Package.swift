// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Notifee's extension helper for React Native apps (`NotifeeExtensionHelper`, the `RNNotifeeCore`
/// pod an extension target links): the notification rebuilt from `notifee_options`, its
/// attachment (`ios.attachments[0]`, else `image`) downloaded through nsesim's downloader and
/// attached; what it did shows in the report.
let package = Package(
    name: "RNNotifeeCore",
    products: [.library(name: "RNNotifeeCore", type: .dynamic, targets: ["RNNotifeeCore"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "RNNotifeeCore",
            dependencies: [
                .product(name: "NSESimSDKSupport", package: "NSESimSDKSupport"),
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
                .product(name: "UserNotifications", package: "UserNotifications"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
