// swift-tools-version:6.0
import PackageDescription

/// Apple's `os` for extensions: unified logging (`Logger`, `OSLog`, `os_log`) and signposts,
/// each entry reported to nsesim as a structured record (level, subsystem, category, message
/// with private values redacted as in a release log).
let package = Package(
    name: "os",
    products: [.library(name: "os", type: .dynamic, targets: ["os"])],
    dependencies: [.package(path: "../../Runtime/NSESimRuntime")],
    targets: [
        .target(
            name: "os",
            dependencies: [.product(name: "NSESimRuntime", package: "NSESimRuntime")],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
