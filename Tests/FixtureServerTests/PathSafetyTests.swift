import FixtureServer
import Foundation
import Testing

@Suite("No way out of the served folder")
struct PathSafetyTests {
    static let attempts = [
        "/../outside/secret.txt",
        "/%2e%2e/outside/secret.txt",
        "/%2E%2E/outside/secret.txt",
        "/.%2e/outside/secret.txt",
        "/%2e%2e%2foutside%2fsecret.txt",
        "/sub/../../outside/secret.txt",
        "/sub/%2e%2e/%2e%2e/outside/secret.txt",
        "/..%2f..%2f..%2f..%2fetc%2fpasswd",
        "/../../../../../../etc/passwd",
        "//etc/passwd",
        "/%2fetc%2fpasswd",
        "/etc/passwd",
        "http://127.0.0.1/../outside/secret.txt",
        "/link-out.txt",
        "/link-dir-out/secret.txt",
        "/sub/link-up/outside/secret.txt",
        "/secret.txt%00.jpg",
    ]

    @Test("traversal attempts, encoded or not, and links out of the root give 403 or 404")
    func traversal() async throws {
        let folder = try TestFolder()
        try Data("TOP SECRET".utf8).write(to: folder.outside.appendingPathComponent("secret.txt"))
        try folder.write("sub/inside.txt", text: "inside")
        let files = FileManager.default
        try files.createSymbolicLink(
            at: folder.root.appendingPathComponent("link-out.txt"),
            withDestinationURL: folder.outside.appendingPathComponent("secret.txt"))
        try files.createSymbolicLink(at: folder.root.appendingPathComponent("link-dir-out"), withDestinationURL: folder.outside)
        try files.createSymbolicLink(atPath: folder.root.appendingPathComponent("sub/link-up").path, withDestinationPath: "../..")
        try files.createSymbolicLink(atPath: folder.root.appendingPathComponent("link-in.txt").path, withDestinationPath: "sub/inside.txt")

        try await withServer(folder) { server, port in
            for target in Self.attempts {
                let response = try await RawHTTP.fetch(port: port, target)
                #expect([403, 404].contains(response.status), "\(target): \(response.status)")
                #expect(!response.text.contains("TOP SECRET"), "\(target)")
                #expect(!response.text.contains("root:"), "\(target)")
            }
            // Links and `..` that stay inside are fine.
            #expect(try await RawHTTP.fetch(port: port, "/link-in.txt").text == "inside")
            #expect(try await RawHTTP.fetch(port: port, "/sub/../sub/inside.txt").text == "inside")
            #expect(try await RawHTTP.fetch(port: port, "/sub/%69nside.txt").text == "inside")
        }
    }
}
