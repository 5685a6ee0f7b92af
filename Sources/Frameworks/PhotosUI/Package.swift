// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("Photos", "../Photos"),
    ("UIKit", "../UIKit"),
    ("CoreGraphics", "../CoreGraphics"),
    ("UniformTypeIdentifiers", "../UniformTypeIdentifiers"),
    ("UserNotifications", "../UserNotifications"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
]

/// Apple's PhotosUI as far as extensions reach it: `PHLivePhotoView` (a `UIView` holding a
/// `PHLivePhoto`, its playback calls recorded) and `PHPickerResult` (an item provider's data), with
/// Photos and UniformTypeIdentifiers re-exported, as on iOS. The picker itself is not shown: a
/// service extension has no UI.
let package = Package(
    name: "PhotosUI",
    products: [.library(name: "PhotosUI", type: .dynamic, targets: ["PhotosUI"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "PhotosUI",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
                // UIKit's views are main-actor isolated as on iOS (`@preconcurrency @MainActor`), and, as iOS's
                // Objective-C UIKit, they do not trap when Swift 5 code uses them off the main actor: no
                // dynamic isolation checks in their closures.
                .unsafeFlags(["-Xfrontend", "-disable-dynamic-actor-isolation"]),
            ]
        ),
    ]
)
