// swift-tools-version:6.0
// Generated from Sources/modules.json by .ci/manifests.py: edit the table, then run `make manifests`.
import PackageDescription

/// nsesim's packages this one depends on: each product and its package's folder.
let local: [(product: String, path: String)] = [
    ("NSESimRuntime", "../../Runtime/NSESimRuntime"),
]

/// Apple's CommonCrypto for extensions: `CCCrypt` and the `CCCryptor` functions (AES, DES, 3DES, CAST,
/// RC4, RC2, Blowfish; ECB, CBC, CFB, CFB8, OFB, CTR), `CCHmac`, the `CC_SHA…`/`CC_MD5` digests,
/// `CCKeyDerivationPBKDF`, `CCRandomGenerateBytes`, with CommonCrypto's status codes, over Debian's
/// libcrypto (OpenSSL 3) loaded on the first call; each operation is reported (sizes, never keys).
///
/// The module is built as `NSESimCommonCrypto`, and extension builds import it as `CommonCrypto`
/// (`-module-alias CommonCrypto=NSESimCommonCrypto`): swift-crypto tests `#if canImport(CommonCrypto)`,
/// and a module of that name among the build products would turn on its Apple-only code.
let package = Package(
    name: "CommonCrypto",
    products: [.library(name: "NSESimCommonCrypto", type: .dynamic, targets: ["NSESimCommonCrypto"])],
    dependencies: local.map { .package(path: $0.path) },
    targets: [
        // OpenSSL's EVP, HMAC, PBKDF2 and RAND functions behind a few C functions; libcrypto.so.3 is
        // loaded with dlopen on the first call (its headers, libssl-dev, at build time only), so an
        // extension that imports CommonCrypto and never calls it loads nothing.
        .target(name: "CCryptoBridge", path: "CCryptoBridge", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "NSESimCommonCrypto",
            dependencies: ["CCryptoBridge"] + local.map { .product(name: $0.product, package: String($0.path.split(separator: "/").last!)) },
            path: ".",
            exclude: ["Package.swift", "CCryptoBridge"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")]
        ),
    ]
)
