// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// NSESimRuntime: what runs inside the extension process besides Apple's API. The wire
/// protocol to nsesim, `JSONValue`, process memory, the line channel, the command loop that
/// every extension point's entry point runs, and the environment keys nsesim sets.
///
/// Its own package so that it is a dynamic library linked by every stand-in framework and
/// SDK module, never copied into them: SwiftPM links a target of the same package into each
/// dynamic library that depends on it, but a dynamic product of another package only once.
let package = Package(
    name: "NSESimRuntime",
    products: [.library(name: "NSESimRuntime", type: .dynamic, targets: ["NSESimRuntime"])],
    targets: [
        .target(
            name: "NSESimRuntime",
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
