import Foundation

/// Fixture servers for replay: one per network profile the cases use, started on first use.
package protocol ReplayServers: Sendable {
    /// The base URL (`http://127.0.0.1:PORT`) of a server applying `network` (nil: none).
    func baseURL(network: String?) async throws -> URL
    /// Stops every server started.
    func stopAll() async
}
