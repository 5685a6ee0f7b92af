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
/// - `CryptoKit`: swift-crypto's `Crypto` under Apple's module name, for extension builds.
/// - `NSESimCore`: the pipeline (payload, gate, lint, extension builds and processes, reports).
/// - `nsesim-extension-host`: the tiny executable that loads one extension per process.
/// - `nsesim`: the command-line tool.
let package = Package(
    name: "nsesim",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "nsesim", targets: ["nsesim"]),
        .executable(name: "nsesim-extension-host", targets: ["nsesim-extension-host"]),
        // Extensions are built against these two dynamic libraries, so that the host process
        // holds one copy of the API module however many extensions it loads.
        .library(name: "UserNotifications", type: .dynamic, targets: ["UserNotifications"]),
        .library(name: "CryptoKit", type: .dynamic, targets: ["CryptoKit"]),
        .library(name: "NSESimCore", targets: ["NSESimCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    ],
    targets: [
        // libcurl's headers (the apt provider says where they come from); the library is
        // loaded at run time by CCurlShim, never linked.
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(name: "CCurlShim", dependencies: ["CCurl"], linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(
            name: "CMagic",
            pkgConfig: "libmagic",
            providers: [.apt(["libmagic-dev"])]
        ),
        .target(name: "AttachmentValidation", dependencies: ["CMagic"]),
        .target(
            name: "UserNotifications",
            dependencies: ["AttachmentValidation", "CCurlShim"],
            // The module re-exports FoundationNetworking for source compatibility, but does
            // not use it: only extensions that use URLSession should pay for loading it
            // (and libcurl with its 30 dependencies) at start.
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "FoundationNetworking"])]
        ),
        .target(
            name: "CryptoKit",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(
            name: "NSESimCore",
            dependencies: [
                "UserNotifications",
                "AttachmentValidation",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The local HTTP server for downloads: network profiles applied on its side, faults on request.
        .target(
            name: "FixtureServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            resources: [.copy("network-profiles.json")]
        ),
        // Replay: cases, the runner, JUnit and JSON reports.
        .target(
            name: "Replay",
            dependencies: [
                "NSESimCore", "UserNotifications",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Bench: many runs per payload and network, statistics, thresholds, the HTML report.
        .target(
            name: "Bench",
            dependencies: ["NSESimCore", "FixtureServer", "UserNotifications"]
        ),
        // Loads an extension with dlopen and hands it the protocol pipes; it links no
        // Swift module of nsesim's (see docs/ARCHITECTURE.md).
        .executableTarget(name: "nsesim-extension-host"),
        .executableTarget(
            name: "nsesim",
            dependencies: [
                "NSESimCore",
                "FixtureServer",
                "Replay",
                "Bench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Benchmarks (`make bench`): they print figures against baselines measured in the same run.
        .executableTarget(
            name: "nsesim-bench-runtime",
            dependencies: [
                "NSESimCore", "UserNotifications",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Benchmarks/RuntimeBenchmark"
        ),
        .executableTarget(
            name: "nsesim-bench-downloads",
            dependencies: ["UserNotifications", "AttachmentValidation"],
            path: "Benchmarks/DownloadBenchmark"
        ),
        .executableTarget(name: "nsesim-bench-echo", path: "Benchmarks/Echo"),
        .executableTarget(name: "nsesim-bench-echo-foundation", path: "Benchmarks/EchoFoundation"),
        // The fixture server's pacing per network profile, timed by curl.
        .executableTarget(
            name: "nsesim-bench-pacing",
            dependencies: [
                "FixtureServer",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Benchmarks/PacingBenchmark"
        ),
        // How costs grow with the work: attachments 1 -> 8, notifications 10 -> 1000.
        .executableTarget(
            name: "nsesim-bench-scaling",
            dependencies: ["NSESimCore", "FixtureServer", "Bench"],
            path: "Benchmarks/ScalingBenchmark"
        ),

        // --- Fuzzing (`make fuzz`) ---
        // libFuzzer over payload parsing, the gate, lint and the lint reports. `make fuzz` builds
        // it with `-sanitize=fuzzer -D NSESIM_LIBFUZZER`; a plain build links it without
        // libFuzzer, as a tool that runs saved inputs through the same checks.
        .executableTarget(
            name: "nsesim-fuzz-payload",
            dependencies: ["NSESimCore", "UserNotifications"],
            path: "Fuzz/PayloadFuzzer"
        ),
        // --- end of fuzzing ---

        .target(name: "NSESimTestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "AttachmentValidationTests", dependencies: ["AttachmentValidation", "CCurlShim"]),
        .testTarget(name: "UserNotificationsTests", dependencies: ["UserNotifications"]),
        .testTarget(
            name: "iOSSourceCompatibilityTests",
            dependencies: ["UserNotifications"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(name: "NSESimCoreTests", dependencies: ["NSESimCore"]),
        .testTarget(
            name: "ExtensionRuntimeTests",
            dependencies: ["NSESimCore", "nsesim-extension-host", "UserNotifications", "CryptoKit", "NSESimTestSupport"]
        ),
        .testTarget(name: "CLITests", dependencies: ["nsesim", "NSESimTestSupport"]),
        .testTarget(
            name: "ReplayTests",
            dependencies: ["Replay", "NSESimCore", "nsesim", "nsesim-extension-host", "NSESimTestSupport"]
        ),
        .testTarget(name: "BenchTests", dependencies: ["Bench", "NSESimCore", "nsesim", "nsesim-extension-host", "NSESimTestSupport"]),
        .testTarget(name: "FixtureServerTests", dependencies: ["FixtureServer", "NSESimTestSupport"]),
        .testTarget(name: "DownloaderTests", dependencies: ["UserNotifications", "FixtureServer", "NSESimTestSupport"]),
        .testTarget(
            name: "AttachmentPipelineTests",
            dependencies: ["NSESimCore", "nsesim", "nsesim-extension-host", "UserNotifications", "NSESimTestSupport"]
        ),
    ]
)
