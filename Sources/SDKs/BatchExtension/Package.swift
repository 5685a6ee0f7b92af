// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Batch's extension SDK (`BAENotificationServiceExtension`, to subclass, and
/// `RichNotificationHelper`): the rich content of `com.batch.at` downloaded through nsesim's
/// downloader and attached with its type hint; what it did shows in the report.
let package = Package(
    name: "BatchExtension",
    products: [.library(name: "BatchExtension", type: .dynamic, targets: ["BatchExtension"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "BatchExtension",
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
