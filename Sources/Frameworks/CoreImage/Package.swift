// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("CoreGraphics", "../CoreGraphics"),
    ("UIKit", "../UIKit"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("NSESimCFTypes", "../../Runtime/NSESimCFTypes"),
]

/// Apple's CoreImage, what extensions and image libraries do with it: `CIImage` recipes (from a
/// `CGImage`, a color, cropped, transformed, filtered), `CIFilter(name:)` with the built-in filters
/// image code uses (color controls, exposure, source-over compositing, constant color, Gaussian
/// blur, sepia, mono), `CIColor`, and `CIContext.createCGImage` rendering them into real pixels over
/// CoreGraphics' bitmaps. Each render is reported.
let package = Package(
    name: "CoreImage",
    products: [.library(name: "CoreImage", type: .dynamic, targets: ["CoreImage"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "CoreImage",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
                // UIKit's views are main-actor isolated as on iOS (`@preconcurrency @MainActor`), and, as iOS's
                // Objective-C UIKit, they do not trap when Swift 5 code uses them off the main actor: no
                // dynamic isolation checks in their closures.
                .unsafeFlags(["-Xfrontend", "-disable-dynamic-actor-isolation"]),
            ]
        ),
    ]
)
