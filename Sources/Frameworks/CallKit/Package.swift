// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Apple's CallKit, what a notification service extension uses of it: reporting an incoming
/// VoIP call from a decrypted push (`CXProvider.reportNewIncomingVoIPPushPayload`, iOS 14.5),
/// with iOS's entitlement rule; the call shows in the report.
let package = Package(
    name: "CallKit",
    products: [.library(name: "CallKit", type: .dynamic, targets: ["CallKit"])],
    dependencies: [
        .package(path: "../../Runtime/NSESimRuntime"),
    ],
    targets: [
        .target(
            name: "CallKit",
            dependencies: [
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
