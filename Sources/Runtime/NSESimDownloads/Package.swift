// swift-tools-version:6.0
import PackageDescription

/// NSESimDownloads: nsesim's libcurl downloader for extensions (`NSESimDownloader`, SPEC
/// section 7), shared by UserNotifications (which re-exports it, as plugins have always
/// reached it) and the push SDK stand-ins, so that network profiles and faults apply to them.
let package = Package(
    name: "NSESimDownloads",
    products: [.library(name: "NSESimDownloads", type: .dynamic, targets: ["NSESimDownloads"])],
    dependencies: [
        .package(path: "../NSESimRuntime"),
        .package(path: "../AttachmentValidation"),
    ],
    targets: [
        // libcurl's headers (the apt provider says where they come from); the library is
        // loaded at run time by CCurlShim, never linked.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "CCurlShim", dependencies: ["CCurl"], linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "NSESimDownloads",
            dependencies: [
                "CCurlShim",
                .product(name: "NSESimRuntime", package: "NSESimRuntime"),
                .product(name: "AttachmentValidation", package: "AttachmentValidation"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
