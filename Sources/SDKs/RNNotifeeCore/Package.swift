// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// Notifee's extension helper for React Native apps (`NotifeeExtensionHelper`, the `RNNotifeeCore`
/// pod an extension target links): the notification rebuilt from `notifee_options`, its
/// attachment (`ios.attachments[0]`, else `image`) downloaded through nsesim's downloader and
/// attached; what it did shows in the report.
let package = Package(
    name: "RNNotifeeCore",
    products: [.library(name: "RNNotifeeCore", type: .dynamic, targets: ["RNNotifeeCore"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "RNNotifeeCore",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
