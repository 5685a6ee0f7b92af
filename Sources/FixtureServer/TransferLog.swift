import Synchronization

/// What the server sent: bytes of body per request target (the path and query as the client
/// sent them), summed over requests, and each response with its start and end; shared by
/// the connections of one server.
final class TransferLog: Sendable {
    private struct State {
        var counts: [String: Int] = [:]
        var transfers: [Transfer] = []
    }

    private let state = Mutex(State())

    /// Starts the record of one response; returns its index for ``add(_:for:transfer:)`` and ``finish(_:)``.
    func begin(target: String) -> Int {
        state.withLock {
            $0.transfers.append(Transfer(target: target, startedAt: .now, finishedAt: nil, bytes: 0))
            return $0.transfers.count - 1
        }
    }

    func add(_ bytes: Int, for target: String, transfer: Int) {
        state.withLock {
            $0.counts[target, default: 0] += bytes
            $0.transfers[transfer].bytes += bytes
        }
    }

    /// Ends the record of one response (sent whole, cut short or reset); later calls change nothing.
    func finish(_ transfer: Int) {
        state.withLock {
            if $0.transfers[transfer].finishedAt == nil { $0.transfers[transfer].finishedAt = .now }
        }
    }

    var snapshot: [String: Int] {
        state.withLock { $0.counts }
    }

    var transfers: [Transfer] {
        state.withLock { $0.transfers }
    }
}

/// One response of the fixture server: when the request was answered, when the response
/// ended, and how many body bytes went out.
package struct Transfer: Sendable, Equatable {
    /// The path and query as the client sent them.
    package let target: String
    /// When the server began answering (the complete request had arrived).
    package let startedAt: ContinuousClock.Instant
    /// When the response ended (whole, cut short or reset); nil while it is still going.
    package var finishedAt: ContinuousClock.Instant?
    /// Body bytes sent.
    package var bytes: Int
}
