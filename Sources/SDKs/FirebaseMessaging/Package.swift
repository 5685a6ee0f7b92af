// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// Firebase Cloud Messaging's extension helper (`Messaging.serviceExtension()`): the image
/// of `fcm_options.image` downloaded through nsesim's downloader and attached, the delivery
/// metrics export recorded; what it did shows in the report.
let package = Package(
    name: "FirebaseMessaging",
    products: [.library(name: "FirebaseMessaging", type: .dynamic, targets: ["FirebaseMessaging"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "FirebaseMessaging",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
