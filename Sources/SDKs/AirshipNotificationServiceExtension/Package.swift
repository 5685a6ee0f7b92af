// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// Airship's notification service extension (`UANotificationServiceExtension`, to subclass):
/// the media of `com.urbanairship.media_attachment` downloaded through nsesim's downloader
/// with its thumbnail options and text content; what it did shows in the report.
let package = Package(
    name: "AirshipNotificationServiceExtension",
    products: [.library(name: "AirshipNotificationServiceExtension", type: .dynamic, targets: ["AirshipNotificationServiceExtension"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "AirshipNotificationServiceExtension",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
