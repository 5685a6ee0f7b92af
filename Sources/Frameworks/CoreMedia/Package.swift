// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Apple's CoreMedia, what extensions use of it: `CMTime` (values, timescales, seconds, arithmetic,
/// comparison, `.zero`, `.invalid`, `.indefinite`), `CMTimeMake`, `CMTimeMakeWithSeconds`,
/// `CMTimeGetSeconds`, `CMTimeRange`. Pure values, as on iOS.
let package = Package(
    name: "CoreMedia",
    products: [.library(name: "CoreMedia", type: .dynamic, targets: ["CoreMedia"])],
    targets: [
        .target(
            name: "CoreMedia",
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
