import Foundation

/// Fixture servers for replay: one per media folder and network profile the cases use,
/// started on first use.
package protocol ReplayServers: Sendable {
    /// The base URL (`http://127.0.0.1:PORT`) of a server serving `media` (nil: the run's
    /// default folder) and applying `network` (nil: none).
    func baseURL(media: URL?, network: String?) async throws -> URL
    /// The share of connections `network` drops, as the extension process gets it
    /// (`NSESIM_NETWORK_LOSS`: "100"); nil when unknown.
    func lossVariable(network: String) async -> String?
    /// Stops every server started.
    func stopAll() async
}

extension ReplayServers {
    /// No profile known: the extension is not told of one.
    package func lossVariable(network: String) async -> String? { nil }
}
