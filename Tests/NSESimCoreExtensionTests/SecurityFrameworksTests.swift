import Foundation
import NSESimBuild
import Testing

/// CommonCrypto, notify and BackgroundTasks in real extension builds: each linked only when
/// imported (an extension importing none of them starts as before).
@Suite struct SecurityFrameworksTests {
    func needs(_ library: String, _ built: BuiltExtension) throws -> Bool {
        try Data(contentsOf: built.library).range(of: Data("\(library)\u{0}".utf8)) != nil  // a NEEDED entry
    }

    @Test("NSESimCommonCrypto, NSESimNotify and BackgroundTasks are linked only into extensions that import them; libcrypto never")
    func linkedWhenImported() async throws {
        let template = try await TestToolchain.builder.prepare(path: example("Template"))
        let crypto = try await TestToolchain.builder.prepare(path: example("CommonCryptoDecrypt"))
        let signal = try await TestToolchain.builder.prepare(path: example("NewDataSignal"))
        for library in ["libNSESimCommonCrypto.so", "libNSESimNotify.so", "libBackgroundTasks.so", "libSecurity.so"] {
            #expect(try !needs(library, template), "\(library)")
        }
        #expect(try needs("libNSESimCommonCrypto.so", crypto) && !needs("libNSESimNotify.so", crypto))
        #expect(
            try needs("libNSESimNotify.so", signal) && needs("libBackgroundTasks.so", signal) && !needs("libNSESimCommonCrypto.so", signal))
        // libcrypto is loaded with dlopen on the first call, never linked.
        #expect(try !needs("libcrypto.so.3", crypto))
    }
}
