// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// What the push SDK stand-ins share, in one dynamic library so that each extension process
/// holds one copy: downloading a media URL through nsesim's downloader into an attachment,
/// registering a category beside the app's, delivering content once, and telling nsesim
/// what the SDK did (the report's `sdk` section).
let package = Package(
    name: "NSESimSDKSupport",
    products: [.library(name: "NSESimSDKSupport", type: .dynamic, targets: ["NSESimSDKSupport"])],
    dependencies: [
        .package(path: "../../Runtime/NSESimRuntime"),
        .package(path: "../../Frameworks/UserNotifications"),
    ],
    targets: [
        .target(
            name: "NSESimSDKSupport",
            dependencies: [
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
                .product(name: "UserNotifications", package: "UserNotifications"),
            ],
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
