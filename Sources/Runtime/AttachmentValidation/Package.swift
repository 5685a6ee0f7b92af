// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// AttachmentValidation: Apple's attachment rules (docs/behaviour.md#attachments: types, sizes, content read
/// with libmagic). Used on both sides of the process boundary: by UserNotifications'
/// `UNNotificationAttachment` in the extension, and by nsesim's delivery and `validate`.
let package = Package(
    name: "AttachmentValidation",
    products: [.library(name: "AttachmentValidation", type: .dynamic, targets: ["AttachmentValidation"])],
    targets: [
        .systemLibrary(name: "CMagic", path: "CMagic", pkgConfig: "libmagic", providers: [.apt(["libmagic-dev"])]),
        .target(
            name: "AttachmentValidation",
            dependencies: ["CMagic"],
            path: ".",
            exclude: ["Package.swift", "CMagic"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
