// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../NSESimRuntime"),
    ("NSESimSQLite", "../NSESimSQLite"),
]

/// NSESimKeychain: an app's keychain as rows of the app's database (NSESimSQLite: WAL, one
/// transaction a call), with access groups and accessibility as columns. Both sides use it:
/// Security's `SecItem…` in the extension, and nsesim when it seeds `--keychain`. Its own
/// package so that only an extension importing Security loads the database layer.
let package = Package(
    name: "NSESimKeychain",
    products: [.library(name: "NSESimKeychain", type: .dynamic, targets: ["NSESimKeychain"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "NSESimKeychain",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
