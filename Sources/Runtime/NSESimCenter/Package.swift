// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// NSESimCenter: an app's notification center as state (categories, delivered notifications,
/// pending local requests, the badge), persisted per app, with Apple's rules. Both sides use
/// it: UserNotifications' `UNUserNotificationCenter` in the extension, and nsesim (deliveries,
/// `nsesim center`, reports). Kept in the app's database (NSESimSQLite), one transaction a change.
let package = Package(
    name: "NSESimCenter",
    products: [.library(name: "NSESimCenter", type: .dynamic, targets: ["NSESimCenter"])],
    dependencies: [
        .package(path: "../NSESimRuntime"),
        .package(path: "../NSESimSQLite"),
    ],
    targets: [
        .target(
            name: "NSESimCenter",
            dependencies: [
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
                .product(name: "NSESimSQLite", package: "NSESimSQLite"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
