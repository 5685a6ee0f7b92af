// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimSDKSupport", "../NSESimSDKSupport"),
    ("NSESimDownloads", "../../Runtime/NSESimDownloads"),
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
    ("UIKit", "../../Frameworks/UIKit"),
]

/// SDWebImage's Swift API, what a notification service extension does with it: `SDWebImageManager.shared
/// .loadImage(with:options:progress:completed:)`, `SDWebImageDownloader.shared.downloadImage(with:…)`,
/// `SDImageCache.shared` (memory and a disk folder in the extension's caches), `SDWebImageError`'s codes.
/// Images are downloaded through nsesim's downloader (network profiles and faults apply) and decoded
/// with UIKit's real decoder; each download, cache hit and store shows in the report's `sdk` section.
let package = Package(
    name: "SDWebImage",
    products: [.library(name: "SDWebImage", type: .dynamic, targets: ["SDWebImage"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        .target(
            name: "SDWebImage",
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
