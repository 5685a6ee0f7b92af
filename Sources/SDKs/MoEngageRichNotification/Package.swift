// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// MoEngage's rich-notification module (`MoEngageSDKRichNotification`, before SDK 8
/// `MORichNotification`): `moengage.media-attachment` downloaded through nsesim's downloader
/// (named from the server's Content-Type) and attached, the impression recorded for the App
/// Group; a push without `moengage` delivered unchanged; what it did shows in the report.
let package = Package(
    name: "MoEngageRichNotification",
    products: [.library(name: "MoEngageRichNotification", type: .dynamic, targets: ["MoEngageRichNotification"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
        .package(path: "../../Runtime/AttachmentValidation"),
    ],
    targets: [
        .target(
            name: "MoEngageRichNotification",
            dependencies: [
                .product(name: "NSESimSDKSupport", package: "NSESimSDKSupport"),
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
                .product(name: "UserNotifications", package: "UserNotifications"),
                .product(name: "AttachmentValidation", package: "AttachmentValidation"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
