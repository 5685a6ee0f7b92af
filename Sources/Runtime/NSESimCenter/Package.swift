// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../NSESimRuntime"),
    ("NSESimSQLite", "../NSESimSQLite"),
]

/// NSESimCenter: an app's notification center as state (categories, delivered notifications,
/// pending local requests, the badge), persisted per app, with Apple's rules. Both sides use
/// it: UserNotifications' `UNUserNotificationCenter` in the extension, and nsesim (deliveries,
/// `nsesim center`, reports). Kept in the app's database (NSESimSQLite), one transaction a change.
let package = Package(
    name: "NSESimCenter",
    products: [.library(name: "NSESimCenter", type: .dynamic, targets: ["NSESimCenter"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "NSESimCenter",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
