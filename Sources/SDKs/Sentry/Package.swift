// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
]

/// A stand-in for Sentry's Cocoa SDK (`import Sentry`): `SentrySDK.start` with its options (the DSN
/// parsed and validated as Sentry does), events, messages, errors, breadcrumbs, the scope, and
/// performance spans; each envelope Sentry would send is recorded in the report, never sent.
let package = Package(
    name: "Sentry",
    products: [.library(name: "Sentry", type: .dynamic, targets: ["Sentry"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "Sentry",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
