// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Apple's UserNotifications for extensions built by nsesim: Apple's names and signatures,
/// plus the documented `NSESim` additions for plugins (`NSESimDownloader`, re-exported).
/// What nsesim itself needs of it is `@_spi(NSESim)`, invisible to extension code.
let package = Package(
    name: "UserNotifications",
    products: [.library(name: "UserNotifications", type: .dynamic, targets: ["UserNotifications"])],
    dependencies: [
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Runtime/AttachmentValidation"),
        .package(path: "../../Runtime/NSESimDownloads"),
        .package(path: "../../Runtime/NSESimCenter"),
    ],
    targets: [
        .target(
            name: "UserNotifications",
            dependencies: [
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
                .product(name: "AttachmentValidation", package: "AttachmentValidation"),
                .product(name: "NSESimDownloads", package: "NSESimDownloads"),
                .product(name: "NSESimCenter", package: "NSESimCenter"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
                // The module re-exports FoundationNetworking for source compatibility, but does
                // not use it: only extensions that use URLSession should pay for loading it
                // (and libcurl with its 30 dependencies) at start.
                .unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "FoundationNetworking"]),
            ]
        ),
    ]
)
