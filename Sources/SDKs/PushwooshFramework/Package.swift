// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Pushwoosh's service extension (`PushwooshNotificationServiceExtension`, to subclass, and the
/// older `PWNotificationExtensionManager`): the badge of `aps.pw_badge` counted in the app group,
/// the message delivery event recorded (never sent), the `attachment` downloaded through
/// nsesim's downloader and attached; what it did shows in the report.
let package = Package(
    name: "PushwooshFramework",
    products: [.library(name: "PushwooshFramework", type: .dynamic, targets: ["PushwooshFramework"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "PushwooshFramework",
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
