/// What CommonCrypto's algorithm, mode and key ask of libcrypto: the cipher's OpenSSL name,
/// its block size and whether it pads, or the status CommonCrypto refuses them with. Pure.
struct CipherSpec: Equatable {
    /// OpenSSL's name: "AES-256-CBC", "DES-EDE3-ECB", "RC4", ….
    var name: String
    /// The block size in bytes (1 for stream modes).
    var blockSize: Int
    /// PKCS#7 padding.
    var padding: Bool
    /// Apple's names, for the report: "AES", "CBC".
    var algorithmName: String
    var modeName: String

    /// The spec, or the status CommonCrypto returns: kCCParamError for an unknown algorithm or
    /// mode, kCCKeySizeError for a key the algorithm does not take, kCCUnimplemented for a mode
    /// the algorithm lacks.
    static func make(algorithm: Int, mode: Int, padding: Int, keyLength: Int) -> Result<CipherSpec, CipherRefusal> {
        let (algorithmName, block, sizes): (String, Int, ClosedRange<Int>)
        switch algorithm {
        case kCCAlgorithmAES: (algorithmName, block, sizes) = ("AES", 16, 16...32)
        case kCCAlgorithmDES: (algorithmName, block, sizes) = ("DES", 8, 8...8)
        case kCCAlgorithm3DES: (algorithmName, block, sizes) = ("3DES", 8, 24...24)
        case kCCAlgorithmCAST: (algorithmName, block, sizes) = ("CAST", 8, kCCKeySizeMinCAST...kCCKeySizeMaxCAST)
        case kCCAlgorithmRC4: (algorithmName, block, sizes) = ("RC4", 1, kCCKeySizeMinRC4...kCCKeySizeMaxRC4)
        case kCCAlgorithmRC2: (algorithmName, block, sizes) = ("RC2", 8, kCCKeySizeMinRC2...kCCKeySizeMaxRC2)
        case kCCAlgorithmBlowfish: (algorithmName, block, sizes) = ("Blowfish", 8, kCCKeySizeMinBlowfish...kCCKeySizeMaxBlowfish)
        default: return .failure(CipherRefusal(status: kCCParamError, reason: "unknown CCAlgorithm \(algorithm)"))
        }
        let keyFits = algorithm == kCCAlgorithmAES ? [16, 24, 32].contains(keyLength) : sizes.contains(keyLength)
        guard keyFits else {
            let expected =
                algorithm == kCCAlgorithmAES
                ? "16, 24 or 32 bytes (kCCKeySizeAES128, kCCKeySizeAES192, kCCKeySizeAES256)"
                : sizes.count == 1 ? "\(sizes.lowerBound) bytes" : "\(sizes.lowerBound) to \(sizes.upperBound) bytes"
            return .failure(
                CipherRefusal(status: kCCKeySizeError, reason: "\(algorithmName) takes a key of \(expected), not \(keyLength) bytes"))
        }
        let base: String
        switch algorithm {
        case kCCAlgorithmAES: base = "AES-\(keyLength * 8)"
        case kCCAlgorithmDES: base = "DES"
        case kCCAlgorithm3DES: base = "DES-EDE3"
        case kCCAlgorithmCAST: base = "CAST5"
        case kCCAlgorithmRC2: base = "RC2"
        case kCCAlgorithmBlowfish: base = "BF"
        default: base = "RC4"
        }
        let modeName: String
        let suffix: String
        switch mode {
        case kCCModeECB: (modeName, suffix) = ("ECB", "ECB")
        case kCCModeCBC: (modeName, suffix) = ("CBC", "CBC")
        case kCCModeCFB: (modeName, suffix) = ("CFB", "CFB")
        case kCCModeCFB8: (modeName, suffix) = ("CFB8", "CFB8")
        case kCCModeOFB: (modeName, suffix) = ("OFB", "OFB")
        case kCCModeCTR: (modeName, suffix) = ("CTR", "CTR")
        case kCCModeRC4: (modeName, suffix) = ("RC4", "")
        default: return .failure(CipherRefusal(status: kCCParamError, reason: "unknown CCMode \(mode)"))
        }
        if (algorithm == kCCAlgorithmRC4) != (mode == kCCModeRC4) {
            return .failure(CipherRefusal(status: kCCParamError, reason: "RC4 is used with kCCModeRC4 only, and that mode with RC4 only"))
        }
        if mode == kCCModeCTR, algorithm != kCCAlgorithmAES {
            return .failure(CipherRefusal(status: kCCUnimplemented, reason: "CTR mode is available with AES only"))
        }
        let blockMode = mode == kCCModeECB || mode == kCCModeCBC
        return .success(
            CipherSpec(
                name: suffix.isEmpty ? base : "\(base)-\(suffix)", blockSize: blockMode ? block : 1,
                padding: blockMode && padding == ccPKCS7Padding, algorithmName: algorithmName, modeName: modeName))
    }

    /// The output size `CCCryptorGetOutputLength` gives for `input` more bytes after `pending`
    /// buffered ones: for an update, the whole blocks; for the rest of the operation, one block
    /// more when encrypting with padding.
    func outputLength(pending: Int, input: Int, final: Bool, encrypting: Bool) -> Int {
        let total = pending + input
        guard blockSize > 1 else { return input + (final ? pending : 0) }
        if !final { return total / blockSize * blockSize }
        return padding && encrypting ? (total / blockSize + 1) * blockSize : total
    }
}

/// Why CommonCrypto refused a cipher: its status and what to change.
struct CipherRefusal: Error, Equatable {
    var status: Int
    var reason: String
}
