// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Braze's SDK before its Swift SDK (Appboy: `import AppboyKit`, or `import Appboy_iOS_SDK`
/// through CocoaPods): `ABKPushUtils`, what a push is from its payload keys and Braze's default
/// button categories; each answer shows in the report.
let package = Package(
    name: "AppboyKit",
    products: [.library(name: "AppboyKit", type: .dynamic, targets: ["AppboyKit"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "AppboyKit",
            dependencies: [
                .product(name: "NSESimSDKSupport", package: "NSESimSDKSupport"),
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
                .product(name: "UserNotifications", package: "UserNotifications"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
