// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// Braze's notification service module: `brazeHandle(request:contentHandler:)` attaches
/// the media of `ab.att` (downloaded through nsesim's downloader), `brazeTimeWillExpire()`
/// delivers the best attempt; what it did shows in the report.
let package = Package(
    name: "BrazeNotificationService",
    products: [.library(name: "BrazeNotificationService", type: .dynamic, targets: ["BrazeNotificationService"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "BrazeNotificationService",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
