// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Airship's notification service extension (`UANotificationServiceExtension`, to subclass):
/// the media of `com.urbanairship.media_attachment` downloaded through nsesim's downloader
/// with its thumbnail options and text content; what it did shows in the report.
let package = Package(
    name: "AirshipNotificationServiceExtension",
    products: [.library(name: "AirshipNotificationServiceExtension", type: .dynamic, targets: ["AirshipNotificationServiceExtension"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "AirshipNotificationServiceExtension",
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
