// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("CoreGraphics", "../CoreGraphics"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("NSESimCFTypes", "../../Runtime/NSESimCFTypes"),
]

/// Apple's ImageIO, what extensions use it for: `CGImageSource` from a file or data (type, count,
/// properties read from the header, EXIF's TIFF and Exif dictionaries), images decoded, and
/// thumbnails decoded downscaled (`CGImageSourceCreateThumbnailAtIndex` with
/// `kCGImageSourceThumbnailMaxPixelSize`: a JPEG at libjpeg-turbo's scale n/8), Apple's advice for
/// the memory limit; `CGImageDestination` writing JPEG and PNG. Over CoreGraphics' bridge (one copy
/// per process). A damaged image gives nil and a status, as on iOS. Each call is reported.
let package = Package(
    name: "ImageIO",
    products: [.library(name: "ImageIO", type: .dynamic, targets: ["ImageIO"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "ImageIO",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
