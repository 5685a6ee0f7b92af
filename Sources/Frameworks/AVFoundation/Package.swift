// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("AVFAudio", "../AVFAudio"),
]

/// Apple's AVFoundation as far as nsesim provides it: AVFAudio re-exported, as iOS's AVFoundation
/// re-exports it (`import AVFoundation` is how most apps reach `AVAudioFile`). Players, assets and
/// capture are not provided.
let package = Package(
    name: "AVFoundation",
    products: [.library(name: "AVFoundation", type: .dynamic, targets: ["AVFoundation"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "AVFoundation",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
