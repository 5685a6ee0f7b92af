import FixtureServer
import Foundation
import Testing

/// Starts a server on `folder`, runs `body` with it and its port, and stops it.
func withServer<T>(
    _ folder: TestFolder, profile: NetworkProfile? = nil, seed: UInt64 = 1,
    _ body: (FixtureServer, Int) async throws -> T
) async throws -> T {
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

/// The body bytes the server counted for `target` once its last write has completed: a
/// client can read the last chunk a moment before the server's event loop hears that the
/// write is done and counts it, so wait (up to 2 s, generous) for `expected`.
func settledBytesSent(_ server: FixtureServer, _ target: String, expected: Int) async -> Int? {
    for _ in 0..<200 {
        if server.bytesSent()[target] == expected { return expected }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return server.bytesSent()[target]
}
