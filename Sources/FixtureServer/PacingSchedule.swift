import NIOCore

/// When each chunk of a body may be written, so that a body of n bytes at r bytes per
/// second takes n/r seconds from its start, exactly: the chunk that ends at byte b is
/// written at `start + b/r` (the moment its last byte would have come through a link of
/// that speed), against the response's start and not the previous write, so that late
/// wake-ups never add up.
struct PacingSchedule: Sendable, Equatable {
    /// Bytes per second; nil: as fast as the client reads.
    let bytesPerSecond: Double?
    /// The bytes written at a time: 1/50 s worth when paced (at least 1 byte), else 64 KiB.
    let chunkSize: Int

    static let maximumChunk = 64 * 1024
    static let chunksPerSecond = 50.0

    init(bytesPerSecond: Double?) {
        if let bytesPerSecond, bytesPerSecond > 0, bytesPerSecond.isFinite {
            self.bytesPerSecond = bytesPerSecond
            chunkSize = Int(min(Double(Self.maximumChunk), max(1, (bytesPerSecond / Self.chunksPerSecond).rounded(.down))))
        } else {
            self.bytesPerSecond = nil
            chunkSize = Self.maximumChunk
        }
    }

    /// The rate of a profile combined with a drip fault: the slower one wins.
    init(profile: NetworkProfile?, dripBytesPerSecond: Int?) {
        let rates = [profile?.bytesPerSecond, dripBytesPerSecond.map(Double.init)].compactMap { $0 }
        self.init(bytesPerSecond: rates.min())
    }

    /// The time by which `bytes` bytes of body may have been written, or nil when unpaced.
    func deadline(afterBytes bytes: Int, from start: NIODeadline) -> NIODeadline? {
        guard let bytesPerSecond else { return nil }
        return start + .nanoseconds(Int64((Double(bytes) / bytesPerSecond * 1e9).rounded()))
    }

    /// How long a body of `bytes` takes.
    func duration(ofBytes bytes: Int) -> Double {
        bytesPerSecond.map { Double(bytes) / $0 } ?? 0
    }
}
