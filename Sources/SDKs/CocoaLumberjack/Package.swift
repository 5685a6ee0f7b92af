// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
]

/// A stand-in for CocoaLumberjack (`import CocoaLumberjack`, and `import CocoaLumberjackSwift` through
/// the framework table's alias): `DDLog` with its loggers, the Swift `DDLogError` … `DDLogVerbose`
/// functions and log levels, `DDOSLogger` (each line a unified-logging record of the report, with
/// its file and line), `DDTTYLogger`, and `DDFileLogger` writing real, rolled log files.
let package = Package(
    name: "CocoaLumberjack",
    products: [.library(name: "CocoaLumberjack", type: .dynamic, targets: ["CocoaLumberjack"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "CocoaLumberjack",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
