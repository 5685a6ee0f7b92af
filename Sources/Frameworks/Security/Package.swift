// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// Apple's Security for extensions: the keychain (`SecItemAdd`, `SecItemCopyMatching`,
/// `SecItemUpdate`, `SecItemDelete` with Apple's keys and `OSStatus` codes) kept per app and
/// access group by nsesim, every access in the report; `SecRandomCopyBytes`.
let package = Package(
    name: "Security",
    products: [.library(name: "Security", type: .dynamic, targets: ["Security"])],
    dependencies: [
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Runtime/NSESimCFTypes"),
        .package(path: "../../Runtime/NSESimKeychain"),
    ],
    targets: [
        .target(
            name: "Security",
            dependencies: [
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
                .product(name: "NSESimCFTypes", package: "NSESimCFTypes"),
                .product(name: "NSESimKeychain", package: "NSESimKeychain"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
