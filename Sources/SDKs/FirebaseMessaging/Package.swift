// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Firebase Cloud Messaging's extension helper (`Messaging.serviceExtension()`): the image
/// of `fcm_options.image` downloaded through nsesim's downloader and attached, the delivery
/// metrics export recorded; what it did shows in the report.
let package = Package(
    name: "FirebaseMessaging",
    products: [.library(name: "FirebaseMessaging", type: .dynamic, targets: ["FirebaseMessaging"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "FirebaseMessaging",
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
