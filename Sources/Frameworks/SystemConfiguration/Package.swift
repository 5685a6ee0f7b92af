// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Apple's SystemConfiguration, what a notification service extension uses of it:
/// `SCNetworkReachability`, to check for a network before downloading media. The flags come
/// from this machine's real state (names resolved with getaddrinfo, the routing table, the
/// interfaces' addresses) and from the network profile nsesim applies; each call is reported.
let package = Package(
    name: "SystemConfiguration",
    products: [.library(name: "SystemConfiguration", type: .dynamic, targets: ["SystemConfiguration"])],
    dependencies: [
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Runtime/NSESimCFTypes"),
    ],
    targets: [
        .target(
            name: "SystemConfiguration",
            dependencies: [
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
                .product(name: "NSESimCFTypes", package: "NSESimCFTypes"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
