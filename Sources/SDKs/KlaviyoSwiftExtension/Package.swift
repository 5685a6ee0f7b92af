// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Klaviyo's extension module (`KlaviyoExtensionSDK`): rich media (`rich-media`) downloaded
/// through nsesim's downloader and attached, the badge (`badge_config`) kept in the app group,
/// action buttons registered as a category; what it did shows in the report.
let package = Package(
    name: "KlaviyoSwiftExtension",
    products: [.library(name: "KlaviyoSwiftExtension", type: .dynamic, targets: ["KlaviyoSwiftExtension"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "KlaviyoSwiftExtension",
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
