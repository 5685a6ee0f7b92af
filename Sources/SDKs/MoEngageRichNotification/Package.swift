// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
    ("AttachmentValidation", "../../Runtime/AttachmentValidation"),
]

/// MoEngage's rich-notification module (`MoEngageSDKRichNotification`, before SDK 8
/// `MORichNotification`): `moengage.media-attachment` downloaded through nsesim's downloader
/// (named from the server's Content-Type) and attached, the impression recorded for the App
/// Group; a push without `moengage` delivered unchanged; what it did shows in the report.
let package = Package(
    name: "MoEngageRichNotification",
    products: [.library(name: "MoEngageRichNotification", type: .dynamic, targets: ["MoEngageRichNotification"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "MoEngageRichNotification",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
