import Synchronization

/// The warm extension processes of one command: where nsesim knows more pushes
/// are coming (`deliver`'s payloads, the local APNs, replay's cases, `bench --warm`), the
/// next notification's process is started (spawned, extension loaded, `ready`) while the
/// current one runs. Each notification still gets a fresh process, as on iOS; only its start
/// is earlier. A process is kept for its launch configuration (``WarmKey``) and serves only a
/// notification with the same one; up to ``perKey`` wait for one configuration (the local
/// APNs runs several pushes at once, each taking one). One nothing takes is ended cleanly: when the pool is
/// full and another configuration needs a process (the configuration changed), and when the
/// command ends or is interrupted (``endAll()``).
package final class WarmProcessPool: Sendable {
    private struct Entry: Sendable {
        let key: WarmKey
        let process: WarmSlot
    }

    private struct State: Sendable {
        var waiting: [Entry] = []
        var endings: [Task<Void, Never>] = []
        var closed = false
        var started = 0
        var taken = 0
        var ended = 0
    }

    /// How many processes may wait at once (replay's `--jobs`: one per case in flight).
    package let capacity: Int
    /// How many processes may wait for one launch configuration at once (at most ``capacity``):
    /// as many as notifications of it may take one at the same moment.
    package let perKey: Int
    private let state = Mutex(State())

    package init(capacity: Int = 1, perKey: Int = 1) {
        self.capacity = max(1, capacity)
        self.perKey = min(max(1, perKey), self.capacity)
    }

    /// The process started for `key`, if one waits; nil: start the notification's process now.
    package func take(_ key: WarmKey) -> WarmSlot? {
        state.withLock { state in
            guard let index = state.waiting.firstIndex(where: { $0.key == key }) else { return nil }
            state.taken += 1
            return state.waiting.remove(at: index).process
        }
    }

    /// The process waiting for `key`, left in the pool (to watch it load).
    package func waitingProcess(for key: WarmKey) -> WarmSlot? {
        state.withLock { $0.waiting.first { $0.key == key }?.process }
    }

    /// Starts a process for `key` through `launcher`, unless ``perKey`` wait for it already;
    /// when the pool is full, the oldest waiting process of another configuration is ended.
    /// Nothing starts once the pool has ended.
    package func prestart(_ key: WarmKey, launcher: ExtensionLauncher) {
        state.withLock { state in
            guard !state.closed, state.waiting.count(where: { $0.key == key }) < perKey else { return }
            while state.waiting.count >= capacity {
                // Fewer than perKey ≤ capacity are this key's: another configuration's is there.
                let index = state.waiting.firstIndex { $0.key != key } ?? 0
                let old = state.waiting.remove(at: index).process
                state.ended += 1
                state.endings.append(Task { await old.end() })
            }
            guard let process = try? launcher.start() else { return }  // no container: the next one starts cold
            state.started += 1
            state.waiting.append(Entry(key: key, process: process))
        }
    }

    /// Ends every waiting process and waits until each is gone (input closed, reaped,
    /// container removed); nothing is started afterwards.
    package func endAll() async {
        let (waiting, endings) = state.withLock { state in
            state.closed = true
            let waiting = state.waiting.map(\.process)
            state.ended += waiting.count
            state.waiting = []
            let endings = state.endings
            state.endings = []
            return (waiting, endings)
        }
        for process in waiting { await process.end() }
        for ending in endings { await ending.value }
    }

    /// Processes started ahead, taken by a notification, and ended unused, so far.
    package var counts: (started: Int, taken: Int, ended: Int) {
        state.withLock { ($0.started, $0.taken, $0.ended) }
    }
}
