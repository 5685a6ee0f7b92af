// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// OneSignal's extension module (`OneSignalExtension`): media from `att`, action buttons
/// registered as a category, the badge incremented through the app group; downloads go
/// through nsesim's downloader and what it did shows in the report.
let package = Package(
    name: "OneSignalExtension",
    products: [.library(name: "OneSignalExtension", type: .dynamic, targets: ["OneSignalExtension"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "OneSignalExtension",
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
