import Synchronization

/// Bytes of body sent so far, per request target (the path and query as the client sent
/// them), summed over requests; shared by the connections of one server.
final class TransferLog: Sendable {
    private let counts = Mutex<[String: Int]>([:])

    func add(_ bytes: Int, for target: String) {
        counts.withLock { $0[target, default: 0] += bytes }
    }

    var snapshot: [String: Int] {
        counts.withLock { $0 }
    }
}
