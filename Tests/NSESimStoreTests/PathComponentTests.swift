import Foundation
import NSESimPayload
import NSESimTestSupport
import Testing

@testable import NSESimCore
@testable import NSESimStore

/// The one rule for names made from identifiers, and the `{{server}}` placeholder.
@Suite("Names and placeholders")
struct PathComponentTests {
    @Test("A safe identifier is kept; any other is made safe with a hash, never colliding")
    func safeNames() {
        #expect(PathComponent.safe("com.example.app") == "com.example.app")
        #expect(PathComponent.safe("A-b_9") == "A-b_9")
        for unsafe in ["a/b", "..", ".", "", "a\u{0}b", "é", String(repeating: "x", count: 81)] {
            let name = PathComponent.safe(unsafe)
            #expect(!name.contains("/") && !name.contains("\u{0}") && name != "." && name != "..", "\(unsafe) -> \(name)")
            #expect(name.unicodeScalars.allSatisfy { $0.isASCII })
            #expect(name.utf8.count <= 90)
        }
        #expect(PathComponent.safe("a/b") != PathComponent.safe("a_b"))
        #expect(PathComponent.safe("a/b") != PathComponent.safe("a:b"))
        let long = String(repeating: "x", count: 100)
        #expect(PathComponent.safe(long) != PathComponent.safe(long + "y"))
    }

    @Test("{{server}} is found and filled with the server's address")
    func serverPlaceholder() throws {
        let server = try #require(URL(string: "http://127.0.0.1:8123"))
        #expect(ServerPlaceholder.isUsed(in: #"{"url": "{{server}}/a.jpg"}"#))
        #expect(!ServerPlaceholder.isUsed(in: #"{"url": "{server}"}"#))
        #expect(ServerPlaceholder.fill("{{server}}/a {{server}}/b", server: server) == "http://127.0.0.1:8123/a http://127.0.0.1:8123/b")
    }
}
