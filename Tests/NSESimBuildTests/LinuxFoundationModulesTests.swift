import NSESimTestSupport
import Testing

@testable import NSESimBuild

/// Which sources get FoundationNetworking: those naming a networking type, and those loading
/// a URL with `Data(contentsOf:)` or `String(contentsOf:)` (an http(s) URL loads on Linux only
/// with FoundationNetworking; Adobe Journey Optimizer's guide loads its media that way).
@Suite("Linux Foundation modules")
struct LinuxFoundationModulesTests {
    @Test("URLSession and friends, and Data/String(contentsOf:), link FoundationNetworking; other sources do not")
    func networkingScan() {
        #expect(LinuxFoundationModules.usesNetworking("let task = URLSession.shared.dataTask(with: url)"))
        #expect(LinuxFoundationModules.usesNetworking("guard let data = try? Data(contentsOf: attachmentURL) else { return nil }"))
        #expect(LinuxFoundationModules.usesNetworking("let data = NSData(contentsOf: url)"))
        #expect(LinuxFoundationModules.usesNetworking("let text = try String(contentsOf: url, encoding: .utf8)"))
        #expect(!LinuxFoundationModules.usesNetworking("content.title = \"Hello\"; bytes.append(contentsOf: more)"))
        #expect(!LinuxFoundationModules.usesNetworking("let text = try String(contentsOfFile: path)"))  // a path, not a URL
    }
}
