// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../NSESimRuntime"),
    ("AttachmentValidation", "../AttachmentValidation"),
]

/// NSESimDownloads: nsesim's libcurl downloader for extensions (`NSESimDownloader`,
/// docs/behaviour.md#the-downloader), shared by UserNotifications (which re-exports it, as plugins have always
/// reached it) and the push SDK stand-ins, so that network profiles and faults apply to them.
let package = Package(
    name: "NSESimDownloads",
    products: [.library(name: "NSESimDownloads", type: .dynamic, targets: ["NSESimDownloads"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        // libcurl's headers (the apt provider says where they come from); the library is
        // loaded at run time by CCurlShim, never linked.
        .systemLibrary(name: "CCurl", path: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "CCurlShim", dependencies: ["CCurl"], path: "CCurlShim", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "NSESimDownloads",
            dependencies: ["CCurlShim"] + local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift", "CCurl", "CCurlShim"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
