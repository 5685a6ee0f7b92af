// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("NSESimCFTypes", "../../Runtime/NSESimCFTypes"),
]

/// Apple's CoreGraphics, what extensions draw with: bitmap contexts (`CGContext(data:width:height:
/// bitsPerComponent:bytesPerRow:space:bitmapInfo:)`, UIKit's contexts too) that fill, stroke and clip
/// paths (rasterised with anti-aliased coverage), draw images through the CTM (area-averaged when
/// smaller) and make `CGImage`s; `CGImage`, `CGColor`, `CGColorSpace`, `CGBitmapInfo`, `CGPath`,
/// `CGAffineTransform`, `CGDataProvider`. The C target `CImageBridge` holds the pixel work and the
/// codecs (each loaded on the first image of its format), shared with ImageIO and UIKit: one copy
/// per process. Each context and image made is reported.
let package = Package(
    name: "CoreGraphics",
    products: [.library(name: "CoreGraphics", type: .dynamic, targets: ["CoreGraphics"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        // The codecs behind a few C functions, each library loaded with dlopen on the first image
        // of its format, so an extension that imports CoreGraphics or UIKit for colours loads none
        // (docs/ARCHITECTURE.md); resampling, blending, path coverage and clips are the bridge's own.
        .target(name: "CImageBridge", path: "CImageBridge", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("m")]),
        .target(
            name: "CoreGraphics",
            dependencies: ["CImageBridge"] + local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift", "CImageBridge"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
