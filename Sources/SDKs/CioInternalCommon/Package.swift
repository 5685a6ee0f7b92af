// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Customer.io's common module, what an extension names of it: `Region`, `CioLogLevel`, `Metric`,
/// `AppGroupIdentifier`.
let package = Package(
    name: "CioInternalCommon",
    products: [.library(name: "CioInternalCommon", type: .dynamic, targets: ["CioInternalCommon"])],
    targets: [
        .target(
            name: "CioInternalCommon",
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
