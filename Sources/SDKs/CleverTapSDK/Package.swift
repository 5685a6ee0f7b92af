// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// CleverTap's SDK class, what an extension calls of it (`CleverTap.sharedInstance()?
/// .recordNotificationViewedEvent(withData:)`, the credentials, profile and events): each event
/// recorded as CleverTap would queue it, never sent.
let package = Package(
    name: "CleverTapSDK",
    products: [.library(name: "CleverTapSDK", type: .dynamic, targets: ["CleverTapSDK"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "CleverTapSDK",
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
