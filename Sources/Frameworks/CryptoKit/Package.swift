// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Apple's CryptoKit for extensions that decrypt end-to-end encrypted payloads: swift-crypto's
/// `Crypto` (the same API) under Apple's module name.
let package = Package(
    name: "CryptoKit",
    products: [.library(name: "CryptoKit", type: .dynamic, targets: ["CryptoKit"])],
    dependencies: [.package(url: "https://github.com/apple/swift-crypto", from: "4.0.0")],
    targets: [
        .target(
            name: "CryptoKit",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
