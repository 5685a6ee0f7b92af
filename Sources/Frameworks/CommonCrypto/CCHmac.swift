import CCryptoBridge
import Foundation

// CommonHMAC.h over libcrypto's HMAC.

/// An HMAC in progress (`var context = CCHmacContext()`, then `CCHmacInit`).
public struct CCHmacContext {
    var state: HmacState?
    /// An empty context: call `CCHmacInit` first.
    public init() {}
}

/// An HMAC in progress over libcrypto: what a `CCHmacContext` holds.
final class HmacState {
    let algorithm: String
    let keyLength: Int
    let context: UnsafeMutableRawPointer
    var length = 0

    init(_ algorithm: CCHmacAlgorithm, key: UnsafeRawPointer?, keyLength: Int) {
        let name = Self.name(algorithm)
        CryptoLibrary.require()
        guard let context = nsesim_hmac_new(name, key, key == nil ? 0 : keyLength) else {
            fatalError("CommonCrypto: HMAC with \(name): \(CryptoLibrary.lastError)")
        }
        self.algorithm = name
        self.keyLength = keyLength
        self.context = context
    }

    deinit { nsesim_hmac_free(context) }

    /// OpenSSL's digest name of a `CCHmacAlgorithm` (an unknown one stops the extension, as
    /// CommonCrypto's would misbehave: its functions return no status).
    static func name(_ algorithm: CCHmacAlgorithm) -> String {
        switch Int(algorithm) {
        case kCCHmacAlgSHA1: "SHA1"
        case kCCHmacAlgMD5: "MD5"
        case kCCHmacAlgSHA256: "SHA256"
        case kCCHmacAlgSHA384: "SHA384"
        case kCCHmacAlgSHA512: "SHA512"
        case kCCHmacAlgSHA224: "SHA224"
        default: fatalError("CommonCrypto: CCHmacAlgorithm \(algorithm) is not one of kCCHmacAlgSHA1, MD5, SHA224, SHA256, SHA384, SHA512")
        }
    }

    func update(_ data: UnsafeRawPointer?, _ count: Int) {
        guard count > 0, let data else { return }
        _ = nsesim_hmac_update(context, data, count)
        length += count
    }

    func final(_ out: UnsafeMutableRawPointer?) {
        guard let out else { return }
        _ = nsesim_hmac_final(context, out.assumingMemoryBound(to: UInt8.self))
    }
}

/// The HMAC of `dataLength` bytes at `data` with `key`, written to `macOut` (the digest's length).
public func CCHmac(
    _ algorithm: CCHmacAlgorithm, _ key: UnsafeRawPointer!, _ keyLength: Int, _ data: UnsafeRawPointer!, _ dataLength: Int,
    _ macOut: UnsafeMutableRawPointer!
) {
    let state = HmacState(algorithm, key: key, keyLength: keyLength)
    state.update(data, dataLength)
    state.final(macOut)
    CryptoRecord.digest("CCHmac", algorithm: "HMAC-\(state.algorithm)", inputLength: dataLength, keyLength: keyLength)
}

/// Starts an HMAC with `key` in `ctx`.
public func CCHmacInit(
    _ ctx: UnsafeMutablePointer<CCHmacContext>!, _ algorithm: CCHmacAlgorithm, _ key: UnsafeRawPointer!, _ keyLength: Int
) {
    ctx?.pointee.state = HmacState(algorithm, key: key, keyLength: keyLength)
}

/// Adds `dataLength` bytes at `data` to the HMAC in `ctx`.
public func CCHmacUpdate(_ ctx: UnsafeMutablePointer<CCHmacContext>!, _ data: UnsafeRawPointer!, _ dataLength: Int) {
    ctx?.pointee.state?.update(data, dataLength)
}

/// Writes the HMAC of `ctx` to `macOut` and ends it.
public func CCHmacFinal(_ ctx: UnsafeMutablePointer<CCHmacContext>!, _ macOut: UnsafeMutableRawPointer!) {
    guard let state = ctx?.pointee.state else { return }
    state.final(macOut)
    CryptoRecord.digest("CCHmacFinal", algorithm: "HMAC-\(state.algorithm)", inputLength: state.length, keyLength: state.keyLength)
    ctx?.pointee.state = nil
}
