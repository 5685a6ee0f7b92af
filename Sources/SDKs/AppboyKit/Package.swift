// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// Braze's SDK before its Swift SDK (Appboy: `import AppboyKit`, or `import Appboy_iOS_SDK`
/// through CocoaPods): `ABKPushUtils`, what a push is from its payload keys and Braze's default
/// button categories; each answer shows in the report.
let package = Package(
    name: "AppboyKit",
    products: [.library(name: "AppboyKit", type: .dynamic, targets: ["AppboyKit"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "AppboyKit",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
