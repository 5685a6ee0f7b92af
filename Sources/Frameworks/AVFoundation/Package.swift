// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("AVFAudio", "../AVFAudio"),
    ("CoreMedia", "../CoreMedia"),
    ("CoreGraphics", "../CoreGraphics"),
    ("ImageIO", "../ImageIO"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("NSESimCFTypes", "../../Runtime/NSESimCFTypes"),
]

/// Apple's AVFoundation, what a notification service extension does with it: AVFAudio and CoreMedia
/// re-exported, as iOS's AVFoundation re-exports them (`import AVFoundation` is how most apps reach
/// `AVAudioFile` and `CMTime`), and assets: `AVAsset`/`AVURLAsset` read from a real movie file
/// (duration, tracks' sizes) and `AVAssetImageGenerator` decoding real frames (a poster for a video
/// attachment) with Debian's FFmpeg libraries, loaded on the first asset. Players and capture are not
/// provided. Each asset read and frame made is reported.
let package = Package(
    name: "AVFoundation",
    products: [.library(name: "AVFoundation", type: .dynamic, targets: ["AVFoundation"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        // FFmpeg (libavformat, libavcodec, libswscale, libavutil) behind a few C functions, loaded with
        // dlopen on the first asset read, so an extension that imports AVFoundation for audio loads none.
        .target(name: "CMovieFile", path: "CMovieFile", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "AVFoundation",
            dependencies: ["CMovieFile"] + local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift", "CMovieFile"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
