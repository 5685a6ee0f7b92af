// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Notificare's service extension kit (`NotificareNotificationServiceExtension.handleNotificationRequest`):
/// the push's `attachment.uri` downloaded through nsesim's downloader and attached with the type
/// of the server's MIME type; what it did shows in the report.
let package = Package(
    name: "NotificareNotificationServiceExtensionKit",
    products: [.library(name: "NotificareNotificationServiceExtensionKit", type: .dynamic, targets: ["NotificareNotificationServiceExtensionKit"])],
    dependencies: [
        .package(path: "../NSESimSDKSupport"),
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Runtime/NSESimDownloads"),
        .package(path: "../../Runtime/AttachmentValidation"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "NotificareNotificationServiceExtensionKit",
            dependencies: [
                .product(name: "NSESimSDKSupport", package: "NSESimSDKSupport"),
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
                .product(name: "NSESimDownloads", package: "NSESimDownloads"),
                .product(name: "AttachmentValidation", package: "AttachmentValidation"),
                .product(name: "UserNotifications", package: "UserNotifications"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
