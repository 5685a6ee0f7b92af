// swift-tools-version:6.0
import PackageDescription

/// nsesim: runs iOS Notification Service Extensions on Linux the way iOS runs them.
///
/// The data flows one way: payload → request → extension → validation → store → report.
/// Module map:
/// - `CCurl`, `CCurlShim`, `CMagic`: the C bridges (libcurl with typed wrappers for its
///   variadic calls, libmagic).
/// - `AttachmentValidation`: the attachment rules of SPEC section 5 (types, sizes, content).
/// - `UserNotifications`: Apple's API, the only module an extension imports.
/// - `NSESimCore`: the pipeline (payload, gate, lint, ...).
/// - `nsesim`: the command-line tool.
let package = Package(
    name: "nsesim",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "nsesim", targets: ["nsesim"]),
        .library(name: "UserNotifications", type: .dynamic, targets: ["UserNotifications"]),
        .library(name: "NSESimCore", targets: ["NSESimCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(name: "CCurlShim", dependencies: ["CCurl"]),
        .systemLibrary(
            name: "CMagic",
            pkgConfig: "libmagic",
            providers: [.apt(["libmagic-dev"])]
        ),
        .target(name: "AttachmentValidation", dependencies: ["CMagic"]),
        .target(name: "UserNotifications", dependencies: ["AttachmentValidation"]),
        .target(name: "NSESimCore", dependencies: ["UserNotifications", "AttachmentValidation"]),
        .executableTarget(
            name: "nsesim",
            dependencies: [
                "NSESimCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "AttachmentValidationTests", dependencies: ["AttachmentValidation", "CCurlShim"]),
        .testTarget(name: "UserNotificationsTests", dependencies: ["UserNotifications"]),
        .testTarget(
            name: "iOSSourceCompatibilityTests",
            dependencies: ["UserNotifications"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(name: "NSESimCoreTests", dependencies: ["NSESimCore"]),
        .testTarget(name: "CLITests", dependencies: ["nsesim"]),
    ]
)
