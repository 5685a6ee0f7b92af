// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("AttachmentValidation", "../../Runtime/AttachmentValidation"),
]

/// Apple's UniformTypeIdentifiers for extensions: `UTType` over nsesim's one type table
/// (the one attachment validation reads).
let package = Package(
    name: "UniformTypeIdentifiers",
    products: [.library(name: "UniformTypeIdentifiers", type: .dynamic, targets: ["UniformTypeIdentifiers"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "UniformTypeIdentifiers",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
