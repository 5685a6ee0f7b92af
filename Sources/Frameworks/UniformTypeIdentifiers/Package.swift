// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Apple's UniformTypeIdentifiers for extensions: `UTType` over nsesim's one type table
/// (the one attachment validation reads).
let package = Package(
    name: "UniformTypeIdentifiers",
    products: [.library(name: "UniformTypeIdentifiers", type: .dynamic, targets: ["UniformTypeIdentifiers"])],
    dependencies: [
        .package(path: "../../Runtime/AttachmentValidation"),
    ],
    targets: [
        .target(
            name: "UniformTypeIdentifiers",
            dependencies: [
                .product(name: "AttachmentValidation", package: "AttachmentValidation"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
