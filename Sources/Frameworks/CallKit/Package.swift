// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
]

/// Apple's CallKit, what a notification service extension uses of it: reporting an incoming
/// VoIP call from a decrypted push (`CXProvider.reportNewIncomingVoIPPushPayload`, iOS 14.5),
/// with iOS's entitlement rule; the call shows in the report.
let package = Package(
    name: "CallKit",
    products: [.library(name: "CallKit", type: .dynamic, targets: ["CallKit"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "CallKit",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
