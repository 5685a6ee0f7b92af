// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("CioInternalCommon", "../CioInternalCommon"),
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// Customer.io's APN push module for extensions (`MessagingPushAPN.initializeForExtension`,
/// `MessagingPush.shared.didReceive`): the `delivered` metric kept pending in the app group and
/// recorded (never sent), `CIO.push.image` downloaded through nsesim's downloader and attached;
/// what it did shows in the report.
let package = Package(
    name: "CioMessagingPushAPN",
    products: [.library(name: "CioMessagingPushAPN", type: .dynamic, targets: ["CioMessagingPushAPN"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "CioMessagingPushAPN",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
