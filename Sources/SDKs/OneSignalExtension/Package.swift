// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// OneSignal's extension module (`OneSignalExtension`): media from `att`, action buttons
/// registered as a category, the badge incremented through the app group; downloads go
/// through nsesim's downloader and what it did shows in the report.
let package = Package(
    name: "OneSignalExtension",
    products: [.library(name: "OneSignalExtension", type: .dynamic, targets: ["OneSignalExtension"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "OneSignalExtension",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
