import Foundation

/// How a simulated network behaves, applied by the fixture server on its side so that
/// every client in an extension sees it (SPEC section 7).
public struct NetworkProfile: Codable, Sendable, Equatable {
    /// The name, e.g. `3G`; matched without regard to case.
    public var name: String
    /// Bandwidth towards the client in kilobits (1000 bits) per second; nil: unlimited.
    public var downlinkKbps: Double?
    /// Delay before each response's first byte, in milliseconds.
    public var latencyMs: Double
    /// An extra delay before the first byte (a slow DNS answer), in milliseconds.
    public var firstByteDelayMs: Double?
    /// The share of connections dropped without an answer, 0...100.
    public var lossPercent: Double

    public init(name: String, downlinkKbps: Double?, latencyMs: Double, firstByteDelayMs: Double? = nil, lossPercent: Double) {
        self.name = name
        self.downlinkKbps = downlinkKbps
        self.latencyMs = latencyMs
        self.firstByteDelayMs = firstByteDelayMs
        self.lossPercent = lossPercent
    }

    /// Bytes per second, or nil for unlimited.
    public var bytesPerSecond: Double? { downlinkKbps.map { $0 * 1000 / 8 } }

    /// The time before the first byte, in seconds.
    public var firstByteDelay: Double { (latencyMs + (firstByteDelayMs ?? 0)) / 1000 }
}
