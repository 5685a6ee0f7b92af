// swift-tools-version:6.0
import PackageDescription

/// Apple's UniformTypeIdentifiers for extensions: `UTType` over nsesim's one type table
/// (the one attachment validation reads).
let package = Package(
    name: "UniformTypeIdentifiers",
    products: [.library(name: "UniformTypeIdentifiers", type: .dynamic, targets: ["UniformTypeIdentifiers"])],
    dependencies: [.package(path: "../../Runtime/AttachmentValidation")],
    targets: [
        .target(
            name: "UniformTypeIdentifiers",
            dependencies: [.product(name: "AttachmentValidation", package: "AttachmentValidation")],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
