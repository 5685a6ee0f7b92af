import CCryptoBridge
import Foundation

/// A cipher in progress over libcrypto: what `CCCryptorRef` points at.
final class Cryptor {
    let spec: CipherSpec
    let encrypting: Bool
    let keyLength: Int
    private let context: UnsafeMutableRawPointer
    /// Bytes taken in and given out so far: their difference is what libcrypto holds.
    private(set) var bytesIn = 0
    private(set) var bytesOut = 0

    private init(spec: CipherSpec, encrypting: Bool, keyLength: Int, context: UnsafeMutableRawPointer) {
        self.spec = spec
        self.encrypting = encrypting
        self.keyLength = keyLength
        self.context = context
    }

    deinit { nsesim_cipher_free(context) }

    /// A cryptor, or the status CommonCrypto refuses with (and why).
    static func make(
        operation: CCOperation, mode: Int, algorithm: CCAlgorithm, padding: Int, key: UnsafeRawPointer?, keyLength: Int,
        iv: UnsafeRawPointer?
    ) -> Result<Cryptor, CipherRefusal> {
        guard operation == UInt32(kCCEncrypt) || operation == UInt32(kCCDecrypt) else {
            return .failure(CipherRefusal(status: kCCParamError, reason: "the operation is neither kCCEncrypt nor kCCDecrypt"))
        }
        let spec: CipherSpec
        switch CipherSpec.make(algorithm: Int(algorithm), mode: mode, padding: padding, keyLength: keyLength) {
        case .success(let made): spec = made
        case .failure(let refusal): return .failure(refusal)
        }
        guard let key else { return .failure(CipherRefusal(status: kCCParamError, reason: "the key is NULL")) }
        CryptoLibrary.require()
        let encrypting = operation == UInt32(kCCEncrypt)
        guard
            let context = nsesim_cipher_new(
                spec.name, encrypting ? 1 : 0, key, keyLength, mode == kCCModeECB ? nil : iv, spec.padding ? 1 : 0)
        else {
            return .failure(
                CipherRefusal(status: kCCUnimplemented, reason: "libcrypto: \(CryptoLibrary.lastError) (\(spec.name))"))
        }
        return .success(Cryptor(spec: spec, encrypting: encrypting, keyLength: keyLength, context: context))
    }

    /// What `CCCryptorGetOutputLength` answers.
    func outputLength(input: Int, final: Bool) -> Int {
        spec.outputLength(pending: bytesIn - bytesOut, input: input, final: final, encrypting: encrypting)
    }

    /// CCCryptorUpdate's work.
    func update(_ input: UnsafeRawPointer?, _ length: Int, _ output: UnsafeMutableRawPointer?, _ available: Int) -> (Int, Int) {
        let needed = outputLength(input: length, final: false)
        guard length == 0 || input != nil else { return (kCCParamError, 0) }
        guard available >= needed else { return (kCCBufferTooSmall, needed) }
        // libcrypto may write up to a block more than the whole blocks (it never does for these
        // ciphers, but its contract says so): a scratch buffer keeps the caller's bounds.
        var scratch = [UInt8](repeating: 0, count: length + max(spec.blockSize, 16))
        var written = 0
        let ok = scratch.withUnsafeMutableBytes { nsesim_cipher_update(context, input, length, $0.baseAddress, &written) }
        guard ok == 1 else { return (kCCUnspecifiedError, 0) }
        guard written <= available, written == 0 || output != nil else { return (kCCBufferTooSmall, written) }
        if written > 0 { scratch.withUnsafeBytes { output!.copyMemory(from: $0.baseAddress!, byteCount: written) } }
        bytesIn += length
        bytesOut += written
        return (kCCSuccess, written)
    }

    /// CCCryptorFinal's work: kCCAlignmentError for a partial block without padding (or a
    /// ciphertext that is not whole blocks), kCCDecodeError for wrong padding.
    func final(_ output: UnsafeMutableRawPointer?, _ available: Int) -> (Int, Int) {
        let pending = bytesIn - bytesOut
        if spec.blockSize > 1, !spec.padding || !encrypting, pending % spec.blockSize != 0 { return (kCCAlignmentError, 0) }
        let needed = outputLength(input: 0, final: true)
        if encrypting, available < needed { return (kCCBufferTooSmall, needed) }
        var scratch = [UInt8](repeating: 0, count: 2 * max(spec.blockSize, 16))
        var written = 0
        let ok = scratch.withUnsafeMutableBytes { nsesim_cipher_final(context, $0.baseAddress, &written) }
        guard ok == 1 else { return (encrypting ? kCCUnspecifiedError : kCCDecodeError, 0) }
        guard written <= available, written == 0 || output != nil else { return (kCCBufferTooSmall, written) }
        if written > 0 { scratch.withUnsafeBytes { output!.copyMemory(from: $0.baseAddress!, byteCount: written) } }
        bytesOut += written
        return (kCCSuccess, written)
    }
}

/// Creates a cryptor for `alg` in CBC mode (ECB with `kCCOptionECBMode`, PKCS#7 padding with
/// `kCCOptionPKCS7Padding`); RC4 as a stream. `iv` may be nil (zeros).
@discardableResult
public func CCCryptorCreate(
    _ op: CCOperation, _ alg: CCAlgorithm, _ options: CCOptions, _ key: UnsafeRawPointer!, _ keyLength: Int,
    _ iv: UnsafeRawPointer!, _ cryptorRef: UnsafeMutablePointer<CCCryptorRef?>!
) -> CCCryptorStatus {
    let mode = Int(alg) == kCCAlgorithmRC4 ? kCCModeRC4 : (Int(options) & kCCOptionECBMode != 0 ? kCCModeECB : kCCModeCBC)
    return create(
        "CCCryptorCreate", op, mode, alg, Int(options) & kCCOptionPKCS7Padding != 0 ? ccPKCS7Padding : ccNoPadding, key,
        keyLength, iv, cryptorRef)
}

/// Creates a cryptor for `alg` in `mode` (ECB, CBC, CFB, CFB8, OFB, CTR, RC4) with `padding`.
/// The tweak (XTS) and rounds are not used by these modes.
@discardableResult
public func CCCryptorCreateWithMode(
    _ op: CCOperation, _ mode: CCMode, _ alg: CCAlgorithm, _ padding: CCPadding, _ iv: UnsafeRawPointer!,
    _ key: UnsafeRawPointer!, _ keyLength: Int, _ tweak: UnsafeRawPointer!, _ tweakLength: Int, _ numRounds: Int32,
    _ options: CCModeOptions, _ cryptorRef: UnsafeMutablePointer<CCCryptorRef?>!
) -> CCCryptorStatus {
    create("CCCryptorCreateWithMode", op, Int(mode), alg, Int(padding), key, keyLength, iv, cryptorRef)
}

private func create(
    _ api: String, _ op: CCOperation, _ mode: Int, _ alg: CCAlgorithm, _ padding: Int, _ key: UnsafeRawPointer?,
    _ keyLength: Int, _ iv: UnsafeRawPointer?, _ cryptorRef: UnsafeMutablePointer<CCCryptorRef?>?
) -> CCCryptorStatus {
    switch Cryptor.make(operation: op, mode: mode, algorithm: alg, padding: padding, key: key, keyLength: keyLength, iv: iv) {
    case .success(let cryptor):
        cryptorRef?.pointee = CCCryptorRef(Unmanaged.passRetained(cryptor).toOpaque())
        CryptoRecord.cipher(api, cryptor: cryptor, status: kCCSuccess)
        return CCCryptorStatus(kCCSuccess)
    case .failure(let refusal):
        cryptorRef?.pointee = nil
        CryptoRecord.refusal(api, operation: op, algorithm: alg, keyLength: keyLength, refusal)
        return CCCryptorStatus(refusal.status)
    }
}

private func cryptor(_ ref: CCCryptorRef?) -> Cryptor? {
    ref.map { Unmanaged<Cryptor>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
}

/// Processes `dataInLength` bytes; kCCBufferTooSmall (and the size needed in `dataOutMoved`)
/// when `dataOutAvailable` is less than `CCCryptorGetOutputLength` says.
@discardableResult
public func CCCryptorUpdate(
    _ cryptorRef: CCCryptorRef!, _ dataIn: UnsafeRawPointer!, _ dataInLength: Int, _ dataOut: UnsafeMutableRawPointer!,
    _ dataOutAvailable: Int, _ dataOutMoved: UnsafeMutablePointer<Int>!
) -> CCCryptorStatus {
    guard let cryptor = cryptor(cryptorRef) else { return CCCryptorStatus(kCCParamError) }
    let (status, moved) = cryptor.update(dataIn, dataInLength, dataOut, dataOutAvailable)
    dataOutMoved?.pointee = moved
    if status != kCCSuccess { CryptoRecord.cipher("CCCryptorUpdate", cryptor: cryptor, status: status) }
    return CCCryptorStatus(status)
}

/// Finishes the operation: the last block and its padding.
@discardableResult
public func CCCryptorFinal(
    _ cryptorRef: CCCryptorRef!, _ dataOut: UnsafeMutableRawPointer!, _ dataOutAvailable: Int,
    _ dataOutMoved: UnsafeMutablePointer<Int>!
) -> CCCryptorStatus {
    guard let cryptor = cryptor(cryptorRef) else { return CCCryptorStatus(kCCParamError) }
    let (status, moved) = cryptor.final(dataOut, dataOutAvailable)
    dataOutMoved?.pointee = moved
    CryptoRecord.cipher("CCCryptorFinal", cryptor: cryptor, status: status)
    return CCCryptorStatus(status)
}

/// Frees the cryptor.
@discardableResult
public func CCCryptorRelease(_ cryptorRef: CCCryptorRef!) -> CCCryptorStatus {
    guard let cryptorRef else { return CCCryptorStatus(kCCParamError) }
    Unmanaged<Cryptor>.fromOpaque(UnsafeRawPointer(cryptorRef)).release()
    return CCCryptorStatus(kCCSuccess)
}

/// The output size needed for `inputLength` more bytes (and, with `final`, the rest of the operation).
public func CCCryptorGetOutputLength(_ cryptorRef: CCCryptorRef!, _ inputLength: Int, _ final: Bool) -> Int {
    cryptor(cryptorRef)?.outputLength(input: inputLength, final: final) ?? 0
}

/// Encrypts or decrypts `dataIn` in one call (CBC, or ECB with `kCCOptionECBMode`; PKCS#7
/// padding with `kCCOptionPKCS7Padding`): kCCKeySizeError for a key the algorithm does not take,
/// kCCBufferTooSmall (with the size needed in `dataOutMoved`) for too small an output,
/// kCCAlignmentError for input not whole blocks without padding, kCCDecodeError for wrong padding.
@discardableResult
public func CCCrypt(
    _ op: CCOperation, _ alg: CCAlgorithm, _ options: CCOptions, _ key: UnsafeRawPointer!, _ keyLength: Int,
    _ iv: UnsafeRawPointer!, _ dataIn: UnsafeRawPointer!, _ dataInLength: Int, _ dataOut: UnsafeMutableRawPointer!,
    _ dataOutAvailable: Int, _ dataOutMoved: UnsafeMutablePointer<Int>!
) -> CCCryptorStatus {
    let mode = Int(alg) == kCCAlgorithmRC4 ? kCCModeRC4 : (Int(options) & kCCOptionECBMode != 0 ? kCCModeECB : kCCModeCBC)
    let padding = Int(options) & kCCOptionPKCS7Padding != 0 ? ccPKCS7Padding : ccNoPadding
    let cryptor: Cryptor
    switch Cryptor.make(operation: op, mode: mode, algorithm: alg, padding: padding, key: key, keyLength: keyLength, iv: iv) {
    case .success(let made): cryptor = made
    case .failure(let refusal):
        dataOutMoved?.pointee = 0
        CryptoRecord.refusal("CCCrypt", operation: op, algorithm: alg, keyLength: keyLength, refusal, inputLength: dataInLength)
        return CCCryptorStatus(refusal.status)
    }
    let finish = { (status: Int, moved: Int) -> CCCryptorStatus in
        dataOutMoved?.pointee = moved
        CryptoRecord.cipher("CCCrypt", cryptor: cryptor, status: status, inputLength: dataInLength, outputLength: moved)
        return CCCryptorStatus(status)
    }
    if cryptor.spec.blockSize > 1, !cryptor.spec.padding || !cryptor.encrypting, dataInLength % cryptor.spec.blockSize != 0 {
        return finish(kCCAlignmentError, 0)
    }
    let needed = cryptor.outputLength(input: dataInLength, final: true)
    guard dataOutAvailable >= needed else { return finish(kCCBufferTooSmall, needed) }
    let (status, moved) = cryptor.update(dataIn, dataInLength, dataOut, dataOutAvailable)
    guard status == kCCSuccess else { return finish(status, 0) }
    let (finalStatus, last) = cryptor.final(dataOut.map { $0 + moved }, dataOutAvailable - moved)
    return finish(finalStatus, finalStatus == kCCSuccess ? moved + last : 0)
}
