// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// OneSignal's SDK before version 5 (module `OneSignal`), whose class `OneSignal` carries the
/// notification service extension calls that apps still write
/// (`OneSignal.didReceiveNotificationExtensionRequest`): they do what `OneSignalExtension`
/// does (OneSignal moved the same handler there in version 5), so the behaviour is one copy.
let package = Package(
    name: "OneSignal",
    products: [.library(name: "OneSignal", type: .dynamic, targets: ["OneSignal"])],
    dependencies: [
        .package(path: "../OneSignalExtension"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "OneSignal",
            dependencies: [
                .product(name: "OneSignalExtension", package: "OneSignalExtension"),
                .product(name: "UserNotifications", package: "UserNotifications"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
