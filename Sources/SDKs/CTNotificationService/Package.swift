// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("NSESimDownloads", "../../Runtime/NSESimDownloads"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// CleverTap's rich push extension (`CTNotificationServiceExtension`, to subclass): `ct_mediaUrl`
/// downloaded through nsesim's downloader, named after `ct_mediaType`, attached; the best attempt
/// when time is up; what it did shows in the report.
let package = Package(
    name: "CTNotificationService",
    products: [.library(name: "CTNotificationService", type: .dynamic, targets: ["CTNotificationService"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "CTNotificationService",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
