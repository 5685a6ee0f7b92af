import Foundation

/// Fixture servers for replay: one per media folder and network profile the cases use,
/// started on first use.
package protocol ReplayServers: Sendable {
    /// The base URL (`http://127.0.0.1:PORT`) of a server serving `media` (nil: the run's
    /// default folder) and applying `network` (nil: none).
    func baseURL(media: URL?, network: String?) async throws -> URL
    /// Stops every server started.
    func stopAll() async
}
