// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// CleverTap's rich push extension (`CTNotificationServiceExtension`, to subclass): `ct_mediaUrl`
/// downloaded through nsesim's downloader, named after `ct_mediaType`, attached; the best attempt
/// when time is up; what it did shows in the report.
let package = Package(
    name: "CTNotificationService",
    products: [.library(name: "CTNotificationService", type: .dynamic, targets: ["CTNotificationService"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Runtime/NSESimDownloads"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "CTNotificationService",
            dependencies: [
                .product(name: "NSESimSDKSupport", package: "NSESimSDKSupport"),
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
                .product(name: "NSESimDownloads", package: "NSESimDownloads"),
                .product(name: "UserNotifications", package: "UserNotifications"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
