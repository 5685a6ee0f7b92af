import Foundation

/// How a simulated network behaves, applied by the fixture server on its side so that
/// every client in an extension sees it (docs/behaviour.md#network-profiles).
package struct NetworkProfile: Codable, Sendable, Equatable {
    /// The name, e.g. `3G`; matched without regard to case.
    package var name: String
    /// Bandwidth towards the client in kilobits (1000 bits) per second; nil: unlimited.
    package var downlinkKbps: Double?
    /// Delay before each response's first byte, in milliseconds.
    package var latencyMs: Double
    /// An extra delay before the first byte (a slow DNS answer), in milliseconds.
    package var firstByteDelayMs: Double?
    /// The share of connections dropped without an answer, 0...100.
    package var lossPercent: Double

    package init(name: String, downlinkKbps: Double?, latencyMs: Double, firstByteDelayMs: Double? = nil, lossPercent: Double) {
        self.name = name
        self.downlinkKbps = downlinkKbps
        self.latencyMs = latencyMs
        self.firstByteDelayMs = firstByteDelayMs
        self.lossPercent = lossPercent
    }

    /// Bytes per second, or nil for unlimited.
    package var bytesPerSecond: Double? { downlinkKbps.map { $0 * 1000 / 8 } }

    /// `lossPercent` as the extension process gets it (`NSESIM_NETWORK_LOSS`): "100", "2.5".
    package var lossVariable: String {
        lossPercent == lossPercent.rounded() ? String(Int(lossPercent)) : String(lossPercent)
    }

    /// The time before the first byte, in seconds.
    package var firstByteDelay: Double { (latencyMs + (firstByteDelayMs ?? 0)) / 1000 }
}
