import CCryptoBridge
import Foundation

// CommonDigest.h: the one-shot digests and their Init/Update/Final forms, over libcrypto.

/// A digest in progress over libcrypto: what a `CC_…_CTX` holds.
final class DigestState {
    let algorithm: String
    let context: UnsafeMutableRawPointer
    var length = 0

    init(_ algorithm: String) {
        CryptoLibrary.require()
        guard let context = nsesim_digest_new(algorithm) else {
            fatalError("CommonCrypto: libcrypto has no \(algorithm): \(CryptoLibrary.lastError)")
        }
        self.algorithm = algorithm
        self.context = context
    }

    deinit { nsesim_digest_free(context) }

    func update(_ data: UnsafeRawPointer?, _ count: Int) {
        guard count > 0, let data else { return }
        _ = nsesim_digest_update(context, data, count)
        length += count
    }

    func final(_ md: UnsafeMutablePointer<UInt8>?) {
        guard let md else { return }
        _ = nsesim_digest_final(context, md)
    }

    /// The digest of `count` bytes at `data` into `md`, reported.
    static func oneShot(_ api: String, _ algorithm: String, _ data: UnsafeRawPointer?, _ count: Int, _ md: UnsafeMutablePointer<UInt8>?) {
        let state = DigestState(algorithm)
        state.update(data, count)
        state.final(md)
        CryptoRecord.digest(api, algorithm: algorithm, inputLength: count)
    }
}

/// The context of MD5 in progress (`var context = CC_MD5_CTX()`).
public struct CC_MD5_CTX {
    var state: DigestState?
    /// An empty context: call the `_Init` function first.
    public init() {}
}

/// The context of SHA1 in progress (`var context = CC_SHA1_CTX()`).
public struct CC_SHA1_CTX {
    var state: DigestState?
    /// An empty context: call the `_Init` function first.
    public init() {}
}

/// The context of SHA224 and SHA256 in progress (`var context = CC_SHA256_CTX()`).
public struct CC_SHA256_CTX {
    var state: DigestState?
    /// An empty context: call the `_Init` function first.
    public init() {}
}

/// The context of SHA384 and SHA512 in progress (`var context = CC_SHA512_CTX()`).
public struct CC_SHA512_CTX {
    var state: DigestState?
    /// An empty context: call the `_Init` function first.
    public init() {}
}

/// The MD5 digest of `len` bytes at `data`, written to `md` (CC_MD5_DIGEST_LENGTH bytes); returns `md`.
@available(
    *, deprecated,
    message:
        "This function is cryptographically broken and should not be used in security contexts. Clients should migrate to SHA256 (or stronger)."
)
@discardableResult
public func CC_MD5(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!) -> UnsafeMutablePointer<UInt8>! {
    DigestState.oneShot("CC_MD5", "MD5", data, Int(len), md)
    return md
}

/// Starts a MD5 digest in `c`; returns 1.
@available(
    *, deprecated,
    message:
        "This function is cryptographically broken and should not be used in security contexts. Clients should migrate to SHA256 (or stronger)."
)
@discardableResult
public func CC_MD5_Init(_ c: UnsafeMutablePointer<CC_MD5_CTX>!) -> Int32 {
    c?.pointee.state = DigestState("MD5")
    return 1
}

/// Adds `len` bytes at `data` to the MD5 digest in `c`; returns 1.
@available(
    *, deprecated,
    message:
        "This function is cryptographically broken and should not be used in security contexts. Clients should migrate to SHA256 (or stronger)."
)
@discardableResult
public func CC_MD5_Update(_ c: UnsafeMutablePointer<CC_MD5_CTX>!, _ data: UnsafeRawPointer!, _ len: CC_LONG) -> Int32 {
    if c?.pointee.state == nil { c?.pointee.state = DigestState("MD5") }
    c?.pointee.state?.update(data, Int(len))
    return 1
}

/// Writes the MD5 digest of `c` to `md` and ends it; returns 1.
@available(
    *, deprecated,
    message:
        "This function is cryptographically broken and should not be used in security contexts. Clients should migrate to SHA256 (or stronger)."
)
@discardableResult
public func CC_MD5_Final(_ md: UnsafeMutablePointer<UInt8>!, _ c: UnsafeMutablePointer<CC_MD5_CTX>!) -> Int32 {
    guard let state = c?.pointee.state else { return 0 }
    state.final(md)
    CryptoRecord.digest("CC_MD5_Final", algorithm: "MD5", inputLength: state.length)
    c?.pointee.state = nil
    return 1
}

/// The SHA1 digest of `len` bytes at `data`, written to `md` (CC_SHA1_DIGEST_LENGTH bytes); returns `md`.
@discardableResult
public func CC_SHA1(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!) -> UnsafeMutablePointer<UInt8>! {
    DigestState.oneShot("CC_SHA1", "SHA1", data, Int(len), md)
    return md
}

/// Starts a SHA1 digest in `c`; returns 1.
@discardableResult
public func CC_SHA1_Init(_ c: UnsafeMutablePointer<CC_SHA1_CTX>!) -> Int32 {
    c?.pointee.state = DigestState("SHA1")
    return 1
}

/// Adds `len` bytes at `data` to the SHA1 digest in `c`; returns 1.
@discardableResult
public func CC_SHA1_Update(_ c: UnsafeMutablePointer<CC_SHA1_CTX>!, _ data: UnsafeRawPointer!, _ len: CC_LONG) -> Int32 {
    if c?.pointee.state == nil { c?.pointee.state = DigestState("SHA1") }
    c?.pointee.state?.update(data, Int(len))
    return 1
}

/// Writes the SHA1 digest of `c` to `md` and ends it; returns 1.
@discardableResult
public func CC_SHA1_Final(_ md: UnsafeMutablePointer<UInt8>!, _ c: UnsafeMutablePointer<CC_SHA1_CTX>!) -> Int32 {
    guard let state = c?.pointee.state else { return 0 }
    state.final(md)
    CryptoRecord.digest("CC_SHA1_Final", algorithm: "SHA1", inputLength: state.length)
    c?.pointee.state = nil
    return 1
}

/// The SHA224 digest of `len` bytes at `data`, written to `md` (CC_SHA224_DIGEST_LENGTH bytes); returns `md`.
@discardableResult
public func CC_SHA224(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!) -> UnsafeMutablePointer<UInt8>! {
    DigestState.oneShot("CC_SHA224", "SHA224", data, Int(len), md)
    return md
}

/// Starts a SHA224 digest in `c`; returns 1.
@discardableResult
public func CC_SHA224_Init(_ c: UnsafeMutablePointer<CC_SHA256_CTX>!) -> Int32 {
    c?.pointee.state = DigestState("SHA224")
    return 1
}

/// Adds `len` bytes at `data` to the SHA224 digest in `c`; returns 1.
@discardableResult
public func CC_SHA224_Update(_ c: UnsafeMutablePointer<CC_SHA256_CTX>!, _ data: UnsafeRawPointer!, _ len: CC_LONG) -> Int32 {
    if c?.pointee.state == nil { c?.pointee.state = DigestState("SHA224") }
    c?.pointee.state?.update(data, Int(len))
    return 1
}

/// Writes the SHA224 digest of `c` to `md` and ends it; returns 1.
@discardableResult
public func CC_SHA224_Final(_ md: UnsafeMutablePointer<UInt8>!, _ c: UnsafeMutablePointer<CC_SHA256_CTX>!) -> Int32 {
    guard let state = c?.pointee.state else { return 0 }
    state.final(md)
    CryptoRecord.digest("CC_SHA224_Final", algorithm: "SHA224", inputLength: state.length)
    c?.pointee.state = nil
    return 1
}

/// The SHA256 digest of `len` bytes at `data`, written to `md` (CC_SHA256_DIGEST_LENGTH bytes); returns `md`.
@discardableResult
public func CC_SHA256(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!) -> UnsafeMutablePointer<UInt8>! {
    DigestState.oneShot("CC_SHA256", "SHA256", data, Int(len), md)
    return md
}

/// Starts a SHA256 digest in `c`; returns 1.
@discardableResult
public func CC_SHA256_Init(_ c: UnsafeMutablePointer<CC_SHA256_CTX>!) -> Int32 {
    c?.pointee.state = DigestState("SHA256")
    return 1
}

/// Adds `len` bytes at `data` to the SHA256 digest in `c`; returns 1.
@discardableResult
public func CC_SHA256_Update(_ c: UnsafeMutablePointer<CC_SHA256_CTX>!, _ data: UnsafeRawPointer!, _ len: CC_LONG) -> Int32 {
    if c?.pointee.state == nil { c?.pointee.state = DigestState("SHA256") }
    c?.pointee.state?.update(data, Int(len))
    return 1
}

/// Writes the SHA256 digest of `c` to `md` and ends it; returns 1.
@discardableResult
public func CC_SHA256_Final(_ md: UnsafeMutablePointer<UInt8>!, _ c: UnsafeMutablePointer<CC_SHA256_CTX>!) -> Int32 {
    guard let state = c?.pointee.state else { return 0 }
    state.final(md)
    CryptoRecord.digest("CC_SHA256_Final", algorithm: "SHA256", inputLength: state.length)
    c?.pointee.state = nil
    return 1
}

/// The SHA384 digest of `len` bytes at `data`, written to `md` (CC_SHA384_DIGEST_LENGTH bytes); returns `md`.
@discardableResult
public func CC_SHA384(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!) -> UnsafeMutablePointer<UInt8>! {
    DigestState.oneShot("CC_SHA384", "SHA384", data, Int(len), md)
    return md
}

/// Starts a SHA384 digest in `c`; returns 1.
@discardableResult
public func CC_SHA384_Init(_ c: UnsafeMutablePointer<CC_SHA512_CTX>!) -> Int32 {
    c?.pointee.state = DigestState("SHA384")
    return 1
}

/// Adds `len` bytes at `data` to the SHA384 digest in `c`; returns 1.
@discardableResult
public func CC_SHA384_Update(_ c: UnsafeMutablePointer<CC_SHA512_CTX>!, _ data: UnsafeRawPointer!, _ len: CC_LONG) -> Int32 {
    if c?.pointee.state == nil { c?.pointee.state = DigestState("SHA384") }
    c?.pointee.state?.update(data, Int(len))
    return 1
}

/// Writes the SHA384 digest of `c` to `md` and ends it; returns 1.
@discardableResult
public func CC_SHA384_Final(_ md: UnsafeMutablePointer<UInt8>!, _ c: UnsafeMutablePointer<CC_SHA512_CTX>!) -> Int32 {
    guard let state = c?.pointee.state else { return 0 }
    state.final(md)
    CryptoRecord.digest("CC_SHA384_Final", algorithm: "SHA384", inputLength: state.length)
    c?.pointee.state = nil
    return 1
}

/// The SHA512 digest of `len` bytes at `data`, written to `md` (CC_SHA512_DIGEST_LENGTH bytes); returns `md`.
@discardableResult
public func CC_SHA512(_ data: UnsafeRawPointer!, _ len: CC_LONG, _ md: UnsafeMutablePointer<UInt8>!) -> UnsafeMutablePointer<UInt8>! {
    DigestState.oneShot("CC_SHA512", "SHA512", data, Int(len), md)
    return md
}

/// Starts a SHA512 digest in `c`; returns 1.
@discardableResult
public func CC_SHA512_Init(_ c: UnsafeMutablePointer<CC_SHA512_CTX>!) -> Int32 {
    c?.pointee.state = DigestState("SHA512")
    return 1
}

/// Adds `len` bytes at `data` to the SHA512 digest in `c`; returns 1.
@discardableResult
public func CC_SHA512_Update(_ c: UnsafeMutablePointer<CC_SHA512_CTX>!, _ data: UnsafeRawPointer!, _ len: CC_LONG) -> Int32 {
    if c?.pointee.state == nil { c?.pointee.state = DigestState("SHA512") }
    c?.pointee.state?.update(data, Int(len))
    return 1
}

/// Writes the SHA512 digest of `c` to `md` and ends it; returns 1.
@discardableResult
public func CC_SHA512_Final(_ md: UnsafeMutablePointer<UInt8>!, _ c: UnsafeMutablePointer<CC_SHA512_CTX>!) -> Int32 {
    guard let state = c?.pointee.state else { return 0 }
    state.final(md)
    CryptoRecord.digest("CC_SHA512_Final", algorithm: "SHA512", inputLength: state.length)
    c?.pointee.state = nil
    return 1
}
