// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// Batch's extension SDK (`BAENotificationServiceExtension`, to subclass, and
/// `RichNotificationHelper`): the rich content of `com.batch.at` downloaded through nsesim's
/// downloader and attached with its type hint; what it did shows in the report.
let package = Package(
    name: "BatchExtension",
    products: [.library(name: "BatchExtension", type: .dynamic, targets: ["BatchExtension"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "BatchExtension",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
