import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The local HTTP/1.1 server for downloads (docs/behaviour.md#the-fixture-server): it serves a folder on
/// 127.0.0.1, applies a network profile on its side (latency, first-byte delay, paced
/// bandwidth, dropped connections) and serves faults on request through query parameters
/// on any path (``Faults``).
///
/// ```swift
/// let server = FixtureServer(root: folder, profile: try NetworkProfiles.named("3G", in: NetworkProfiles.load()))
/// let base = try await server.start()   // http://127.0.0.1:PORT
/// ...
/// await server.stop()
/// ```
///
/// It runs on an event loop and a small thread pool of its own (files are read from disk in
/// chunks there), so that its timing does not depend on the caller's threads.
package final class FixtureServer: Sendable {
    /// The folder served.
    package let root: URL
    /// The network applied to every response; nil: no delay, no limit, no loss.
    package let profile: NetworkProfile?
    /// The port asked for (0: a free one).
    package let port: Int
    /// The seed of the generator that decides which connections a lossy profile drops.
    package let seed: UInt64

    private let log = TransferLog()
    private let registry = ConnectionRegistry()
    private let state = Mutex<State>(.idle)

    private enum State: Sendable {
        case idle
        case starting
        case running(Running)
    }

    private struct Running: Sendable {
        let group: MultiThreadedEventLoopGroup
        let threadPool: NIOThreadPool
        let channel: any Channel
        let baseURL: URL
    }

    package init(root: URL, profile: NetworkProfile? = nil, port: Int = 0, seed: UInt64 = 1) {
        self.root = root
        self.profile = profile
        self.port = port
        self.seed = seed
    }

    deinit {
        // Stopped without stop(): let the threads go without waiting.
        if case .running(let running) = state.withLock({ $0 }) {
            running.channel.close(promise: nil)
            running.threadPool.shutdownGracefully { _ in }
            running.group.shutdownGracefully { _ in }
        }
    }

    /// Binds 127.0.0.1 (never another address) and returns the base URL http://127.0.0.1:PORT.
    package func start() async throws(FixtureServerError) -> URL {
        let alreadyRunning: URL? = try state.withLock { (state: inout State) throws(FixtureServerError) -> URL? in
            switch state {
            case .running(let running): return running.baseURL
            case .starting: throw .startFailed("the server is already starting")
            case .idle:
                state = .starting
                return nil
            }
        }
        if let alreadyRunning { return alreadyRunning }
        do {
            let running = try await bind()
            state.withLock { $0 = .running(running) }
            return running.baseURL
        } catch {
            state.withLock { $0 = .idle }
            throw error
        }
    }

    /// The base URL while the server runs.
    package var baseURL: URL? {
        state.withLock { state in
            if case .running(let running) = state { return running.baseURL }
            return nil
        }
    }

    /// Stops listening, closes every connection (responses under way end there) and lets
    /// the server's threads go. The server can be started again.
    package func stop() async {
        let running: Running? = state.withLock { state in
            guard case .running(let running) = state else { return nil }
            state = .idle
            return running
        }
        guard let running else { return }
        try? await running.channel.close()
        await registry.closeAll()
        try? await running.threadPool.shutdownGracefully()
        try? await running.group.shutdownGracefully()
    }

    /// Bytes of body sent so far per request path (for tests of early stops): the path and
    /// query as the client sent them, e.g. `/big.bin` or `/a.jpg?drip=1000`, summed over requests.
    package func bytesSent() -> [String: Int] {
        log.snapshot
    }

    /// Every response so far, in the order the requests were answered, with when each
    /// started and ended: the downloads of a run, for bench timelines.
    package func transfers() -> [Transfer] {
        log.transfers
    }

    // MARK: - Starting

    private func bind() async throws(FixtureServerError) -> Running {
        guard let resolver = FileResolver(folder: root.path) else { throw .missingFolder(root.path) }
        guard (0...65535).contains(port) else { throw .portUnavailable(port, "not a port number (0...65535)") }

        let descriptor = try ListeningSocket.open(port: port)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let threadPool = NIOThreadPool(numberOfThreads: 2)
        threadPool.start()
        let serving = ServingContext(
            resolver: resolver, profile: profile, threadPool: threadPool, log: log,
            loss: profile.flatMap { $0.lossPercent > 0 ? LossGenerator(seed: seed, percent: $0.lossPercent) : nil })
        let registry = self.registry
        let bootstrap = ServerBootstrap(group: group)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                registry.add(channel)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(FixtureHTTPHandler(serving: serving))
                }
            }
        do {
            let channel = try await bootstrap.withBoundSocket(descriptor).get()
            guard let boundPort = channel.localAddress?.port, let url = URL(string: "http://127.0.0.1:\(boundPort)") else {
                throw FixtureServerError.startFailed("the listening socket has no port")
            }
            return Running(group: group, threadPool: threadPool, channel: channel, baseURL: url)
        } catch {
            try? await threadPool.shutdownGracefully()
            try? await group.shutdownGracefully()
            throw Self.startError(error, port: port)
        }
    }

    private static func startError(_ error: any Error, port: Int) -> FixtureServerError {
        (error as? FixtureServerError) ?? .startFailed("\(error)")
    }
}
