// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// CleverTap's SDK class, what an extension calls of it (`CleverTap.sharedInstance()?
/// .recordNotificationViewedEvent(withData:)`, the credentials, profile and events): each event
/// recorded as CleverTap would queue it, never sent.
let package = Package(
    name: "CleverTapSDK",
    products: [.library(name: "CleverTapSDK", type: .dynamic, targets: ["CleverTapSDK"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "CleverTapSDK",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
