import Foundation

// CommonCrypto's types and constants as Swift imports Apple's C headers (CommonCryptor.h,
// CommonDigest.h, CommonHMAC.h, CommonKeyDerivation.h, CommonRandom.h): the anonymous enums'
// constants are `Int`, the typedefs fixed-width integers, the #defines `Int32`.

/// `kCCEncrypt` or `kCCDecrypt`.
public typealias CCOperation = UInt32
/// `kCCAlgorithmAES`, `kCCAlgorithmDES`, ….
public typealias CCAlgorithm = UInt32
/// `kCCOptionPKCS7Padding`, `kCCOptionECBMode`.
public typealias CCOptions = UInt32
/// A status: `kCCSuccess` or an error.
public typealias CCStatus = Int32
/// A cryptor's status: `kCCSuccess` or an error.
public typealias CCCryptorStatus = Int32
/// `kCCModeECB`, `kCCModeCBC`, `kCCModeCTR`, ….
public typealias CCMode = UInt32
/// `ccNoPadding` or `ccPKCS7Padding`.
public typealias CCPadding = UInt32
/// `kCCModeOptionCTR_BE`.
public typealias CCModeOptions = UInt32
/// A cryptor (`CCCryptorCreate`).
public typealias CCCryptorRef = OpaquePointer
/// `kCCHmacAlgSHA256`, ….
public typealias CCHmacAlgorithm = UInt32
/// `kCCPBKDF2`.
public typealias CCPBKDFAlgorithm = UInt32
/// `kCCPRFHmacAlgSHA256`, ….
public typealias CCPseudoRandomAlgorithm = UInt32
/// The random generator's status.
public typealias CCRNGStatus = CCCryptorStatus
/// The length type of the digest functions.
public typealias CC_LONG = UInt32

/// Encrypt.
public let kCCEncrypt = 0
/// Decrypt.
public let kCCDecrypt = 1

/// AES (any key size).
public let kCCAlgorithmAES = 0
/// AES with a 128-bit block (the same as `kCCAlgorithmAES`).
public let kCCAlgorithmAES128 = 0
/// DES.
public let kCCAlgorithmDES = 1
/// Triple DES (three keys, EDE).
public let kCCAlgorithm3DES = 2
/// CAST-128.
public let kCCAlgorithmCAST = 3
/// RC4.
public let kCCAlgorithmRC4 = 4
/// RC2.
public let kCCAlgorithmRC2 = 5
/// Blowfish.
public let kCCAlgorithmBlowfish = 6

/// PKCS#7 padding (block ciphers).
public let kCCOptionPKCS7Padding = 1
/// ECB instead of CBC (block ciphers).
public let kCCOptionECBMode = 2

/// Electronic code book.
public let kCCModeECB = 1
/// Cipher block chaining.
public let kCCModeCBC = 2
/// Cipher feedback.
public let kCCModeCFB = 3
/// Counter.
public let kCCModeCTR = 4
/// Output feedback.
public let kCCModeOFB = 7
/// RC4 as a stream cipher.
public let kCCModeRC4 = 9
/// 8-bit cipher feedback.
public let kCCModeCFB8 = 10
/// A big-endian counter (CTR mode).
public let kCCModeOptionCTR_BE = 2
/// No padding.
public let ccNoPadding = 0
/// PKCS#7 padding.
public let ccPKCS7Padding = 1

/// Success.
public let kCCSuccess = 0
/// A parameter is not valid.
public let kCCParamError = -4300
/// The output buffer is too small (`dataOutMoved` says how much is needed).
public let kCCBufferTooSmall = -4301
/// Out of memory.
public let kCCMemoryFailure = -4302
/// Input not a multiple of the block size without padding.
public let kCCAlignmentError = -4303
/// Decrypted data is not properly padded (a wrong key or damaged data).
public let kCCDecodeError = -4304
/// The function or mode is not available.
public let kCCUnimplemented = -4305
/// An overflow.
public let kCCOverflow = -4306
/// The random generator failed.
public let kCCRNGFailure = -4307
/// An unspecified error.
public let kCCUnspecifiedError = -4308
/// Calls in the wrong order.
public let kCCCallSequenceError = -4309
/// The key is not a size the algorithm takes.
public let kCCKeySizeError = -4310
/// The key is not valid.
public let kCCInvalidKey = -4311

/// AES-128's key size in bytes.
public let kCCKeySizeAES128 = 16
/// AES-192's key size in bytes.
public let kCCKeySizeAES192 = 24
/// AES-256's key size in bytes.
public let kCCKeySizeAES256 = 32
/// DES's key size in bytes.
public let kCCKeySizeDES = 8
/// Triple DES's key size in bytes.
public let kCCKeySize3DES = 24
/// CAST's smallest key in bytes.
public let kCCKeySizeMinCAST = 5
/// CAST's largest key in bytes.
public let kCCKeySizeMaxCAST = 16
/// RC4's smallest key in bytes.
public let kCCKeySizeMinRC4 = 1
/// RC4's largest key in bytes.
public let kCCKeySizeMaxRC4 = 512
/// RC2's smallest key in bytes.
public let kCCKeySizeMinRC2 = 1
/// RC2's largest key in bytes.
public let kCCKeySizeMaxRC2 = 128
/// Blowfish's smallest key in bytes.
public let kCCKeySizeMinBlowfish = 8
/// Blowfish's largest key in bytes.
public let kCCKeySizeMaxBlowfish = 56

/// AES's block size in bytes.
public let kCCBlockSizeAES128 = 16
/// DES's block size in bytes.
public let kCCBlockSizeDES = 8
/// Triple DES's block size in bytes.
public let kCCBlockSize3DES = 8
/// CAST's block size in bytes.
public let kCCBlockSizeCAST = 8
/// RC2's block size in bytes.
public let kCCBlockSizeRC2 = 8
/// Blowfish's block size in bytes.
public let kCCBlockSizeBlowfish = 8

/// HMAC with SHA-1.
public let kCCHmacAlgSHA1 = 0
/// HMAC with MD5.
public let kCCHmacAlgMD5 = 1
/// HMAC with SHA-256.
public let kCCHmacAlgSHA256 = 2
/// HMAC with SHA-384.
public let kCCHmacAlgSHA384 = 3
/// HMAC with SHA-512.
public let kCCHmacAlgSHA512 = 4
/// HMAC with SHA-224.
public let kCCHmacAlgSHA224 = 5

/// PBKDF2 (RFC 8018).
public let kCCPBKDF2 = 2
/// PBKDF2's PRF: HMAC-SHA1.
public let kCCPRFHmacAlgSHA1 = 1
/// PBKDF2's PRF: HMAC-SHA224.
public let kCCPRFHmacAlgSHA224 = 2
/// PBKDF2's PRF: HMAC-SHA256.
public let kCCPRFHmacAlgSHA256 = 3
/// PBKDF2's PRF: HMAC-SHA384.
public let kCCPRFHmacAlgSHA384 = 4
/// PBKDF2's PRF: HMAC-SHA512.
public let kCCPRFHmacAlgSHA512 = 5

/// MD5's digest length in bytes.
public let CC_MD5_DIGEST_LENGTH: Int32 = 16
/// SHA-1's digest length in bytes.
public let CC_SHA1_DIGEST_LENGTH: Int32 = 20
/// SHA-224's digest length in bytes.
public let CC_SHA224_DIGEST_LENGTH: Int32 = 28
/// SHA-256's digest length in bytes.
public let CC_SHA256_DIGEST_LENGTH: Int32 = 32
/// SHA-384's digest length in bytes.
public let CC_SHA384_DIGEST_LENGTH: Int32 = 48
/// SHA-512's digest length in bytes.
public let CC_SHA512_DIGEST_LENGTH: Int32 = 64
/// MD5's block size in bytes.
public let CC_MD5_BLOCK_BYTES: Int32 = 64
/// SHA-1's block size in bytes.
public let CC_SHA1_BLOCK_BYTES: Int32 = 64
/// SHA-224's block size in bytes.
public let CC_SHA224_BLOCK_BYTES: Int32 = 64
/// SHA-256's block size in bytes.
public let CC_SHA256_BLOCK_BYTES: Int32 = 64
/// SHA-384's block size in bytes.
public let CC_SHA384_BLOCK_BYTES: Int32 = 128
/// SHA-512's block size in bytes.
public let CC_SHA512_BLOCK_BYTES: Int32 = 128

/// The name of a status, for the report: "kCCKeySizeError".
enum CCStatusName {
    static func name(_ status: Int) -> String {
        switch status {
        case kCCSuccess: "kCCSuccess"
        case kCCParamError: "kCCParamError"
        case kCCBufferTooSmall: "kCCBufferTooSmall"
        case kCCMemoryFailure: "kCCMemoryFailure"
        case kCCAlignmentError: "kCCAlignmentError"
        case kCCDecodeError: "kCCDecodeError"
        case kCCUnimplemented: "kCCUnimplemented"
        case kCCOverflow: "kCCOverflow"
        case kCCRNGFailure: "kCCRNGFailure"
        case kCCUnspecifiedError: "kCCUnspecifiedError"
        case kCCCallSequenceError: "kCCCallSequenceError"
        case kCCKeySizeError: "kCCKeySizeError"
        case kCCInvalidKey: "kCCInvalidKey"
        default: "status \(status)"
        }
    }
}
