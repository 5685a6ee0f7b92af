// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("OneSignalExtension", "../OneSignalExtension"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// OneSignal's SDK before version 5 (module `OneSignal`), whose class `OneSignal` carries the
/// notification service extension calls that apps still write
/// (`OneSignal.didReceiveNotificationExtensionRequest`): they do what `OneSignalExtension`
/// does (OneSignal moved the same handler there in version 5), so the behaviour is one copy.
let package = Package(
    name: "OneSignal",
    products: [.library(name: "OneSignal", type: .dynamic, targets: ["OneSignal"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "OneSignal",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
