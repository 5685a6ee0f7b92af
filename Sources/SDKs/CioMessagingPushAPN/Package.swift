// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Customer.io's APN push module for extensions (`MessagingPushAPN.initializeForExtension`,
/// `MessagingPush.shared.didReceive`): the `delivered` metric kept pending in the app group and
/// recorded (never sent), `CIO.push.image` downloaded through nsesim's downloader and attached;
/// what it did shows in the report.
let package = Package(
    name: "CioMessagingPushAPN",
    products: [.library(name: "CioMessagingPushAPN", type: .dynamic, targets: ["CioMessagingPushAPN"])],
    dependencies: [
        .package(path: "../CioInternalCommon"),
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "CioMessagingPushAPN",
            dependencies: [
                .product(name: "CioInternalCommon", package: "CioInternalCommon"),
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
