// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Apple's UserNotificationsUI: the Notification Content Extension's protocol
/// (`UNNotificationContentExtension`), its response and media options, and the
/// `NSExtensionContext` additions. nsesim's entry point instantiates the view controller
/// (from the compiled main storyboard, or the principal class), connects its outlets,
/// calls it in iOS's order, lays the interface out and reports it (docs/ARCHITECTURE.md,
/// "Content extensions").
let package = Package(
    name: "UserNotificationsUI",
    products: [.library(name: "UserNotificationsUI", type: .dynamic, targets: ["UserNotificationsUI"])],
    dependencies: [
        .package(path: "../UserNotifications"),
        .package(path: "../UIKit"),
        .package(path: "../../Runtime/NSESimRuntime"),
    ],
    targets: [
        .target(
            name: "UserNotificationsUI",
            dependencies: [
                .product(name: "UserNotifications", package: "UserNotifications"),
                .product(name: "UIKit", package: "UIKit"),
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
