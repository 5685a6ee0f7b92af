// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Apple's Combine for extensions, over OpenCombine (the same API under another module name),
/// with `DispatchQueue` as a scheduler (`.receive(on: DispatchQueue.main)`).
let package = Package(
    name: "Combine",
    products: [.library(name: "Combine", type: .dynamic, targets: ["Combine"])],
    dependencies: [.package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0")],
    targets: [
        .target(
            name: "Combine",
            dependencies: [.product(name: "OpenCombine", package: "OpenCombine"), .product(name: "OpenCombineDispatch", package: "OpenCombine")],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
