import FixtureServer
import Foundation
import Testing

/// Starts a server on `folder`, runs `body` with it and its port, and stops it.
func withServer<T>(_ folder: TestFolder, profile: NetworkProfile? = nil, seed: UInt64 = 1,
                   _ body: (FixtureServer, Int) async throws -> T) async throws -> T {
    let server = FixtureServer(root: folder.root, profile: profile, seed: seed)
    let url = try await server.start()
    let port = try #require(url.port)
    do {
        let result = try await body(server, port)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// A built-in profile by name.
func builtInProfile(_ name: String) throws -> NetworkProfile {
    try NetworkProfiles.named(name, in: NetworkProfiles.load())
}

/// Seconds as a short text, e.g. `4.012 s`.
func formatted(_ seconds: Double) -> String {
    String(format: "%.3f s", seconds)
}
