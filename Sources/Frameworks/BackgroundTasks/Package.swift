// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
]

/// Apple's BackgroundTasks as an app extension sees it: `BGTaskScheduler.shared`, `BGAppRefreshTaskRequest`,
/// `BGProcessingTaskRequest`, `BGTask`. iOS launches only apps for background tasks, so `submit(_:)`
/// throws `BGTaskScheduler.Error.Code.unavailable`, `register` returns false, nothing is pending; each
/// call is reported.
let package = Package(
    name: "BackgroundTasks",
    products: [.library(name: "BackgroundTasks", type: .dynamic, targets: ["BackgroundTasks"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "BackgroundTasks",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
