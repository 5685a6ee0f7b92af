// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// Salesforce Marketing Cloud's extension SDK (`SFMCNotificationService` to inherit from,
/// `sfmcProvideConfig()`, `sfmcDidReceive(_:mutableContent:withContentHandler:)`): the delivery
/// receipt of a Marketing Cloud push recorded for the App Group (not sent), the app's custom keys
/// added to `userInfo`, one delivery, the best attempt on expiry; what it did shows in the report.
let package = Package(
    name: "MCExtensionSDK",
    products: [.library(name: "MCExtensionSDK", type: .dynamic, targets: ["MCExtensionSDK"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "MCExtensionSDK",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
