// swift-tools-version:6.0
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
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
