// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// Iterable's app extensions module (`ITBNotificationServiceExtension`, to subclass): the
/// `itbl` attachment URL downloaded through nsesim's downloader and attached, the action
/// buttons registered as a category named after the message id; what it did shows in the report.
let package = Package(
    name: "IterableAppExtensions",
    products: [.library(name: "IterableAppExtensions", type: .dynamic, targets: ["IterableAppExtensions"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "IterableAppExtensions",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
