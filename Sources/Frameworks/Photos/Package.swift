// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("UIKit", "../UIKit"),
    ("CoreGraphics", "../CoreGraphics"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("NSESimCFTypes", "../../Runtime/NSESimCFTypes"),
]

/// Apple's Photos as a notification service extension meets it: `PHLivePhoto` made from a still
/// image and its paired movie (`request(withResourceFileURLs:placeholderImage:targetSize:contentMode:
/// resultHandler:)`: both files read and checked for real, the still's size from its header, the
/// result handler's info keys, cancellation) and `PHImageContentMode`. The photo library itself
/// (`PHPhotoLibrary`, `PHAsset`) is not provided. Each call is reported.
let package = Package(
    name: "Photos",
    products: [.library(name: "Photos", type: .dynamic, targets: ["Photos"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "Photos",
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
