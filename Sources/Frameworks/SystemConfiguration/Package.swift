// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("NSESimCFTypes", "../../Runtime/NSESimCFTypes"),
]

/// Apple's SystemConfiguration, what a notification service extension uses of it:
/// `SCNetworkReachability`, to check for a network before downloading media. The flags come
/// from this machine's real state (names resolved with getaddrinfo, the routing table, the
/// interfaces' addresses) and from the network profile nsesim applies; each call is reported.
let package = Package(
    name: "SystemConfiguration",
    products: [.library(name: "SystemConfiguration", type: .dynamic, targets: ["SystemConfiguration"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "SystemConfiguration",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
