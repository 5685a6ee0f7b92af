// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Iterable's app extensions module (`ITBNotificationServiceExtension`, to subclass): the
/// `itbl` attachment URL downloaded through nsesim's downloader and attached, the action
/// buttons registered as a category named after the message id; what it did shows in the report.
let package = Package(
    name: "IterableAppExtensions",
    products: [.library(name: "IterableAppExtensions", type: .dynamic, targets: ["IterableAppExtensions"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "IterableAppExtensions",
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
