// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("NSESimDownloads", "../../Runtime/NSESimDownloads"),
    ("AttachmentValidation", "../../Runtime/AttachmentValidation"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// Notificare's service extension kit (`NotificareNotificationServiceExtension.handleNotificationRequest`):
/// the push's `attachment.uri` downloaded through nsesim's downloader and attached with the type
/// of the server's MIME type; what it did shows in the report.
let package = Package(
    name: "NotificareNotificationServiceExtensionKit",
    products: [.library(name: "NotificareNotificationServiceExtensionKit", type: .dynamic, targets: ["NotificareNotificationServiceExtensionKit"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "NotificareNotificationServiceExtensionKit",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
