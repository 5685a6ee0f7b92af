// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Braze's notification service module: `brazeHandle(request:contentHandler:)` attaches
/// the media of `ab.att` (downloaded through nsesim's downloader), `brazeTimeWillExpire()`
/// delivers the best attempt; what it did shows in the report.
let package = Package(
    name: "BrazeNotificationService",
    products: [.library(name: "BrazeNotificationService", type: .dynamic, targets: ["BrazeNotificationService"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "BrazeNotificationService",
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
