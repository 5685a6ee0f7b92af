// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// Klaviyo's extension module (`KlaviyoExtensionSDK`): rich media (`rich-media`) downloaded
/// through nsesim's downloader and attached, the badge (`badge_config`) kept in the app group,
/// action buttons registered as a category; what it did shows in the report.
let package = Package(
    name: "KlaviyoSwiftExtension",
    products: [.library(name: "KlaviyoSwiftExtension", type: .dynamic, targets: ["KlaviyoSwiftExtension"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "KlaviyoSwiftExtension",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
