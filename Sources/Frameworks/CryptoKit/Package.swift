// swift-tools-version:6.0
import PackageDescription

/// Apple's CryptoKit for extensions that decrypt end-to-end encrypted payloads: swift-crypto's
/// `Crypto` (the same API) under Apple's module name.
let package = Package(
    name: "CryptoKit",
    products: [.library(name: "CryptoKit", type: .dynamic, targets: ["CryptoKit"])],
    dependencies: [.package(url: "https://github.com/apple/swift-crypto", from: "4.0.0")],
    targets: [
        .target(name: "CryptoKit", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
    ]
)
