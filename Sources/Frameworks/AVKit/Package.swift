// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("AVFoundation", "../AVFoundation"),
]

/// Apple's AVKit as an extension sees it: AVFoundation re-exported, as iOS's AVKit re-exports it
/// (image libraries import AVKit to reach `AVAssetImageGenerator`). Its player views are not provided:
/// a service extension shows no UI.
let package = Package(
    name: "AVKit",
    products: [.library(name: "AVKit", type: .dynamic, targets: ["AVKit"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "AVKit",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
