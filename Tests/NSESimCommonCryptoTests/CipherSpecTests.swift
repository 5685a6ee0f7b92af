import Testing

@testable import NSESimCommonCrypto

/// CommonCrypto's choice of cipher, key sizes and output lengths, as a pure function.
@Suite("CommonCrypto's cipher rules")
struct CipherSpecTests {
    @Test("Algorithm, mode and key give OpenSSL's cipher name, the block size and padding")
    func names() throws {
        let aes = try CipherSpec.make(algorithm: kCCAlgorithmAES, mode: kCCModeCBC, padding: ccPKCS7Padding, keyLength: 32).get()
        #expect(aes == CipherSpec(name: "AES-256-CBC", blockSize: 16, padding: true, algorithmName: "AES", modeName: "CBC"))
        #expect(
            try CipherSpec.make(algorithm: kCCAlgorithm3DES, mode: kCCModeECB, padding: ccNoPadding, keyLength: 24).get().name
                == "DES-EDE3-ECB")
        let ctr = try CipherSpec.make(algorithm: kCCAlgorithmAES, mode: kCCModeCTR, padding: ccPKCS7Padding, keyLength: 16).get()
        #expect(ctr.name == "AES-128-CTR" && ctr.blockSize == 1 && !ctr.padding)  // stream modes never pad
        #expect(try CipherSpec.make(algorithm: kCCAlgorithmRC4, mode: kCCModeRC4, padding: 0, keyLength: 5).get().name == "RC4")
        #expect(try CipherSpec.make(algorithm: kCCAlgorithmBlowfish, mode: kCCModeCBC, padding: 0, keyLength: 16).get().name == "BF-CBC")
    }

    @Test("Refusals: key sizes (kCCKeySizeError), unknown algorithms and modes (kCCParamError), CTR without AES (kCCUnimplemented)")
    func refusals() {
        func status(_ algorithm: Int, _ mode: Int, _ key: Int) -> Int? {
            if case .failure(let refusal) = CipherSpec.make(algorithm: algorithm, mode: mode, padding: 0, keyLength: key) {
                return refusal.status
            }
            return nil
        }
        #expect(status(kCCAlgorithmAES, kCCModeCBC, 15) == kCCKeySizeError)
        #expect(status(kCCAlgorithmAES, kCCModeCBC, 20) == kCCKeySizeError)
        #expect(status(kCCAlgorithmDES, kCCModeCBC, 16) == kCCKeySizeError)
        #expect(status(kCCAlgorithm3DES, kCCModeCBC, 16) == kCCKeySizeError)
        #expect(status(kCCAlgorithmCAST, kCCModeCBC, 17) == kCCKeySizeError)
        #expect(status(9, kCCModeCBC, 16) == kCCParamError)
        #expect(status(kCCAlgorithmAES, 99, 16) == kCCParamError)
        #expect(status(kCCAlgorithmDES, kCCModeCTR, 8) == kCCUnimplemented)
        #expect(status(kCCAlgorithmAES, kCCModeRC4, 16) == kCCParamError)
        #expect(status(kCCAlgorithmAES, kCCModeCBC, 24) == nil)
    }

    @Test("Output lengths: whole blocks for an update, one block more when encrypting with padding")
    func outputLengths() throws {
        let spec = try CipherSpec.make(algorithm: kCCAlgorithmAES, mode: kCCModeCBC, padding: ccPKCS7Padding, keyLength: 16).get()
        #expect(spec.outputLength(pending: 0, input: 20, final: false, encrypting: true) == 16)
        #expect(spec.outputLength(pending: 4, input: 20, final: true, encrypting: true) == 32)
        #expect(spec.outputLength(pending: 0, input: 32, final: true, encrypting: true) == 48)
        #expect(spec.outputLength(pending: 0, input: 32, final: true, encrypting: false) == 32)
        let stream = try CipherSpec.make(algorithm: kCCAlgorithmAES, mode: kCCModeCTR, padding: 0, keyLength: 16).get()
        #expect(stream.outputLength(pending: 0, input: 7, final: true, encrypting: true) == 7)
    }
}
