import NIOPosix

/// What every connection of one server shares: the folder, the profile, the file-reading
/// threads, the byte counts and the loss generator.
struct ServingContext: Sendable {
    let resolver: FileResolver
    let profile: NetworkProfile?
    let threadPool: NIOThreadPool
    let log: TransferLog
    /// Nil when the profile loses nothing.
    let loss: LossGenerator?
}
