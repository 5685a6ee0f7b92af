// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Salesforce Marketing Cloud's extension SDK (`SFMCNotificationService` to inherit from,
/// `sfmcProvideConfig()`, `sfmcDidReceive(_:mutableContent:withContentHandler:)`): the delivery
/// receipt of a Marketing Cloud push recorded for the App Group (not sent), the app's custom keys
/// added to `userInfo`, one delivery, the best attempt on expiry; what it did shows in the report.
let package = Package(
    name: "MCExtensionSDK",
    products: [.library(name: "MCExtensionSDK", type: .dynamic, targets: ["MCExtensionSDK"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "MCExtensionSDK",
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
