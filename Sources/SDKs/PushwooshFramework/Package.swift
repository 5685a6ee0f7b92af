// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// Pushwoosh's service extension (`PushwooshNotificationServiceExtension`, to subclass, and the
/// older `PWNotificationExtensionManager`): the badge of `aps.pw_badge` counted in the app group,
/// the message delivery event recorded (never sent), the `attachment` downloaded through
/// nsesim's downloader and attached; what it did shows in the report.
let package = Package(
    name: "PushwooshFramework",
    products: [.library(name: "PushwooshFramework", type: .dynamic, targets: ["PushwooshFramework"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "PushwooshFramework",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
