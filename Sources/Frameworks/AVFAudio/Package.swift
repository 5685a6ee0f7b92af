// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
]

/// Apple's AVFAudio, what a notification service extension does with it: `AVAudioFile` reads and
/// writes real audio files (CAF, WAV, AIFF; MP3 and FLAC read) with Debian's libsndfile, loaded on
/// the first file, as PCM buffers (`AVAudioPCMBuffer`, `AVAudioFormat`, the settings keys and
/// format IDs), so an extension can build a notification sound in the app group's Library/Sounds;
/// `AVAudioSession` calls are recorded. Errors are Core Audio's codes. Each call is reported.
let package = Package(
    name: "AVFAudio",
    products: [.library(name: "AVFAudio", type: .dynamic, targets: ["AVFAudio"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        // libsndfile behind a few C functions, loaded with dlopen on the first file opened, so an
        // extension that imports AVFAudio for its session or formats loads no audio library.
        .target(name: "CAudioFile", path: "CAudioFile", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "AVFAudio",
            dependencies: ["CAudioFile"] + local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift", "CAudioFile"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
