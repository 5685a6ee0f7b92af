// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("UserNotifications", "../UserNotifications"),
    ("UIKit", "../UIKit"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
]

/// Apple's UserNotificationsUI: the Notification Content Extension's protocol
/// (`UNNotificationContentExtension`), its response and media options, and the
/// `NSExtensionContext` additions. nsesim's entry point instantiates the view controller
/// (from the compiled main storyboard, or the principal class), connects its outlets,
/// calls it in iOS's order, lays the interface out and reports it (docs/ARCHITECTURE.md,
/// "Content extensions").
let package = Package(
    name: "UserNotificationsUI",
    products: [.library(name: "UserNotificationsUI", type: .dynamic, targets: ["UserNotificationsUI"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "UserNotificationsUI",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
                // UIKit's views are main-actor isolated as on iOS (`@preconcurrency @MainActor`), and, as iOS's
                // Objective-C UIKit, they do not trap when Swift 5 code uses them off the main actor: no
                // dynamic isolation checks in their closures.
                .unsafeFlags(["-Xfrontend", "-disable-dynamic-actor-isolation"]),
            ]
        ),
    ]
)
