// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("AttachmentValidation", "../../Runtime/AttachmentValidation"),
    ("NSESimCFTypes", "../../Runtime/NSESimCFTypes"),
]

/// Apple's MobileCoreServices (and CoreServices, through the framework table's alias) for
/// extensions: the `kUTType…` constants and the UTType functions, over nsesim's one type table.
let package = Package(
    name: "MobileCoreServices",
    products: [.library(name: "MobileCoreServices", type: .dynamic, targets: ["MobileCoreServices"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "MobileCoreServices",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
