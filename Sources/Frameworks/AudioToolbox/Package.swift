// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Apple's AudioToolbox, what a notification service extension uses of it: System Sound
/// Services (`AudioServicesCreateSystemSoundID`, `AudioServicesPlaySystemSound`,
/// `AudioServicesPlayAlertSound`, vibration). Nothing plays on Linux: a sound file is checked
/// for real (it exists, libmagic says it is audio), each call is reported, completions run.
let package = Package(
    name: "AudioToolbox",
    products: [.library(name: "AudioToolbox", type: .dynamic, targets: ["AudioToolbox"])],
    dependencies: [
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Runtime/NSESimCFTypes"),
        .package(path: "../../Runtime/AttachmentValidation"),
    ],
    targets: [
        .target(
            name: "AudioToolbox",
            dependencies: [
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
                .product(name: "NSESimCFTypes", package: "NSESimCFTypes"),
                .product(name: "AttachmentValidation", package: "AttachmentValidation"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
