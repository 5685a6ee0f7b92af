// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UserNotifications", "../../Frameworks/UserNotifications"),
]

/// What the push SDK stand-ins share, in one dynamic library so that each extension process
/// holds one copy: downloading a media URL through nsesim's downloader into an attachment,
/// registering a category beside the app's, delivering content once, and telling nsesim
/// what the SDK did (the report's `sdk` section).
let package = Package(
    name: "NSESimSDKSupport",
    products: [.library(name: "NSESimSDKSupport", type: .dynamic, targets: ["NSESimSDKSupport"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "NSESimSDKSupport",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
