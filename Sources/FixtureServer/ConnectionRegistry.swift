import NIOCore
import Synchronization

/// The open connections of a server, so that stopping it can close them all.
final class ConnectionRegistry: Sendable {
    private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

    func add(_ channel: any Channel) {
        channels.withLock { $0[ObjectIdentifier(channel)] = channel }
        channel.closeFuture.whenComplete { [self] _ in
            _ = channels.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
        }
    }

    /// Closes every connection and waits until each is closed.
    func closeAll() async {
        let open = channels.withLock { Array($0.values) }
        for channel in open {
            channel.close(promise: nil)
        }
        for channel in open {
            try? await channel.closeFuture.get()
        }
    }
}
