// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("CoreGraphics", "../CoreGraphics"),
    // For its `Selector` only (`UIControl.addTarget(_:action:for:)`); it depends not on UIKit.
    ("UserNotifications", "../UserNotifications"),
]

/// Apple's UIKit, what a notification service extension uses of it: `UIImage` decoded and
/// encoded for real (CoreGraphics' codecs: JPEG with libjpeg-turbo, PNG with libpng, GIF with giflib,
/// WebP with libwebp, each loaded on the first image of its format),
/// `UIGraphicsImageRenderer` and the older `UIGraphicsBeginImageContext` functions for drawing
/// an image smaller, `UIColor`, `UIFont`, `UIScreen`, `UIDevice` as values. `UIApplication.shared`
/// is unavailable, as it is to extensions on iOS. Each decode, drawing and encode is reported.
/// For notification content extensions (`Views/`): the views (`UIView`, `UILabel`, `UIImageView`,
/// `UIButton` with `UIButton.Configuration`, `UIStackView`, a few controls), `UIViewController`,
/// `NSExtensionContext`, Auto Layout constraints and anchors solved by a simple frame layout,
/// views built from a storyboard's description, and a JSON snapshot of a laid-out view tree.
/// `Selector` is UserNotifications' (re-exported, for `UIControl.addTarget(_:action:for:)`).
/// CoreGraphics is re-exported, as on iOS (`import UIKit` gives `CGContext`, `CGImage`).
let package = Package(
    name: "UIKit",
    products: [.library(name: "UIKit", type: .dynamic, targets: ["UIKit"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "UIKit",
            dependencies: local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift"],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
                // UserNotifications re-exports FoundationNetworking; UIKit uses it not, and an
                // extension that imports UIKit should not load it (and libcurl) for that.
                .unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "FoundationNetworking"]),
                // UIKit's views are main-actor isolated as on iOS (`@preconcurrency @MainActor`), and, as iOS's
                // Objective-C UIKit, they do not trap when Swift 5 code uses them off the main actor: no
                // dynamic isolation checks in their closures.
                .unsafeFlags(["-Xfrontend", "-disable-dynamic-actor-isolation"]),
            ]
        ),
    ]
)
