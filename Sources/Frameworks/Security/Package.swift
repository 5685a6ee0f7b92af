// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("NSESimCFTypes", "../../Runtime/NSESimCFTypes"),
    ("NSESimKeychain", "../../Runtime/NSESimKeychain"),
]

/// Apple's Security for extensions: the keychain (`SecItemAdd`, `SecItemCopyMatching`,
/// `SecItemUpdate`, `SecItemDelete` with Apple's keys and `OSStatus` codes) kept per app and
/// access group by nsesim, every access in the report; `SecRandomCopyBytes`.
let package = Package(
    name: "Security",
    products: [.library(name: "Security", type: .dynamic, targets: ["Security"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "Security",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
