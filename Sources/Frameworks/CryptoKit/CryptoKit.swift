// Extensions that decrypt end-to-end encrypted payloads `import CryptoKit` on iOS. This
// module gives them swift-crypto's `Crypto`, which has the same API, under that name, so
// such files build unchanged against nsesim.
@_exported import Crypto
