import CCryptoBridge

/// Debian's libcrypto, loaded on the first call that needs it (CCryptoBridge).
enum CryptoLibrary {
    /// Loads libcrypto, or stops the extension with what to install: CommonCrypto's digests
    /// return no status, and a wrong digest would be worse than a clear stop.
    static func require() {
        guard nsesim_crypto_load() == 1 else {
            fatalError("CommonCrypto: \(lastError). nsesim's CommonCrypto runs on OpenSSL: apt-get install libssl3")
        }
    }

    /// Why the last bridge call failed.
    static var lastError: String { nsesim_crypto_error().map { String(cString: $0) } ?? "unknown error" }
}
