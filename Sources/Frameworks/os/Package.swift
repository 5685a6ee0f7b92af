// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
]

/// Apple's `os` for extensions: unified logging (`Logger`, `OSLog`, `os_log`) and signposts,
/// each entry reported to nsesim as a structured record (level, subsystem, category, message
/// with private values redacted as in a release log).
///
/// The module is built as `NSESimOS`, and extension builds import it as `os`
/// (`-module-alias os=NSESimOS`): a module named `os` among the build products would make
/// `#if canImport(os)` true for the other packages of the build (swift-argument-parser and
/// swift-subprocess then reach for Apple's `os_unfair_lock` and fail).
let package = Package(
    name: "os",
    products: [.library(name: "NSESimOS", type: .dynamic, targets: ["NSESimOS"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "NSESimOS",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
