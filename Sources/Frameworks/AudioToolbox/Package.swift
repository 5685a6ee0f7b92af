// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("NSESimCFTypes", "../../Runtime/NSESimCFTypes"),
    ("AttachmentValidation", "../../Runtime/AttachmentValidation"),
]

/// Apple's AudioToolbox, what a notification service extension uses of it: System Sound
/// Services (`AudioServicesCreateSystemSoundID`, `AudioServicesPlaySystemSound`,
/// `AudioServicesPlayAlertSound`, vibration). Nothing plays on Linux: a sound file is checked
/// for real (it exists, libmagic says it is audio), each call is reported, completions run.
let package = Package(
    name: "AudioToolbox",
    products: [.library(name: "AudioToolbox", type: .dynamic, targets: ["AudioToolbox"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "AudioToolbox",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
