// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Apple's MobileCoreServices (and CoreServices, through the framework table's alias) for
/// extensions: the `kUTType…` constants and the UTType functions, over nsesim's one type table.
let package = Package(
    name: "MobileCoreServices",
    products: [.library(name: "MobileCoreServices", type: .dynamic, targets: ["MobileCoreServices"])],
    dependencies: [
        .package(path: "../../Runtime/AttachmentValidation"),
        .package(path: "../../Runtime/NSESimCFTypes"),
    ],
    targets: [
        .target(
            name: "MobileCoreServices",
            dependencies: [
                .product(name: "AttachmentValidation", package: "AttachmentValidation"),
                .product(name: "NSESimCFTypes", package: "NSESimCFTypes"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
