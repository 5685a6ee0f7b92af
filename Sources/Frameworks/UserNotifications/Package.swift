// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("AttachmentValidation", "../../Runtime/AttachmentValidation"),
    ("NSESimDownloads", "../../Runtime/NSESimDownloads"),
    ("NSESimCenter", "../../Runtime/NSESimCenter"),
]

/// Apple's UserNotifications for extensions built by nsesim: Apple's names and signatures,
/// plus the documented `NSESim` additions for plugins (`NSESimDownloader`, re-exported).
/// What nsesim itself needs of it is `@_spi(NSESim)`, invisible to extension code.
let package = Package(
    name: "UserNotifications",
    products: [.library(name: "UserNotifications", type: .dynamic, targets: ["UserNotifications"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "UserNotifications",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
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
