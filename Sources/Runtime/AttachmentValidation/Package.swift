// swift-tools-version:6.0
import PackageDescription

/// AttachmentValidation: Apple's attachment rules (SPEC section 5: types, sizes, content read
/// with libmagic). Used on both sides of the process boundary: by UserNotifications'
/// `UNNotificationAttachment` in the extension, and by nsesim's delivery and `validate`.
let package = Package(
    name: "AttachmentValidation",
    products: [.library(name: "AttachmentValidation", type: .dynamic, targets: ["AttachmentValidation"])],
    targets: [
        .systemLibrary(name: "CMagic", pkgConfig: "libmagic", providers: [.apt(["libmagic-dev"])]),
        .target(
            name: "AttachmentValidation",
            dependencies: ["CMagic"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
