// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
]

/// Apple's Accelerate, the part image code uses: vImage's buffers and the ARGB8888 convolutions
/// (`vImageBoxConvolve_ARGB8888`, `vImageTentConvolve_ARGB8888`, `vImageConvolve_ARGB8888`) with
/// vImage's edge modes, flags and error codes, computed for real on the caller's pixels.
///
/// The module is built as `NSESimAccelerate`, and extension builds import it as `Accelerate`
/// (`-module-alias Accelerate=NSESimAccelerate`): numeric packages test `#if canImport(Accelerate)`
/// for vDSP and BLAS, which nsesim does not provide.
let package = Package(
    name: "Accelerate",
    products: [.library(name: "NSESimAccelerate", type: .dynamic, targets: ["NSESimAccelerate"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "NSESimAccelerate",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
