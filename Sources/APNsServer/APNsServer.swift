import Foundation
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL

/// Why the local APNs could not start.
package enum APNsServerError: Error, Sendable, CustomStringConvertible {
    /// The certificate or key could not be loaded.
    case badCertificate(path: String, underlying: String)
    /// The port could not be bound.
    case cannotListen(port: Int, underlying: String)

    package var description: String {
        switch self {
        case .badCertificate(let path, let underlying):
            return
                "\(path): cannot use it as the server's TLS certificate or key (\(underlying)); give a --cert-dir with server.pem and server-key.pem, or leave it out and nsesim makes one"
        case .cannotListen(let port, let underlying):
            return
                "cannot listen on 127.0.0.1:\(port) (\(underlying)); another server may use it: pick another --port, or 0 for any free one"
        }
    }
}

/// A local APNs: Apple's provider API (HTTP/2 over TLS, ALPN h2) on 127.0.0.1. Each
/// request is decided by the `APNsGate`, answered at once, then reported.
package final class APNsServer: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    /// The port it listens on.
    package let port: Int

    /// Starts listening on 127.0.0.1:`port` (0: any free port) with `certificates`.
    package static func start(
        port: Int, certificates: ServerCertificates, gate: APNsGate,
        report: @escaping @Sendable (APNsExchange) -> Void
    ) async throws(APNsServerError) -> APNsServer {
        var tls: TLSConfiguration
        do {
            let chain = try NIOSSLCertificate.fromPEMFile(certificates.certificate.path).map { NIOSSLCertificateSource.certificate($0) }
            tls = TLSConfiguration.makeServerConfiguration(
                certificateChain: chain,
                privateKey: .privateKey(try NIOSSLPrivateKey(file: certificates.key.path, format: .pem)))
        } catch {
            throw .badCertificate(path: certificates.folder.path, underlying: "\(error)")
        }
        tls.applicationProtocols = ["h2"]
        let context: NIOSSLContext
        do { context = try NIOSSLContext(configuration: tls) } catch {
            throw .badCertificate(path: certificates.folder.path, underlying: "\(error)")
        }
        // Providers send thousands of pushes over one connection, and clients such as curl reset
        // each stream once answered: NIO's guard against reset floods (200 in 30 s) would close it.
        var streamConfiguration = NIOHTTP2Handler.StreamConfiguration()
        streamConfiguration.streamResetFrameRateLimit.maximumCount = 1_000_000
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                }.flatMap {
                    channel.configureHTTP2Pipeline(
                        mode: .server, connectionConfiguration: NIOHTTP2Handler.ConnectionConfiguration(),
                        streamConfiguration: streamConfiguration
                    ) { stream in
                        stream.eventLoop.makeCompletedFuture {
                            try stream.pipeline.syncOperations.addHandler(APNsStreamHandler(gate: gate, report: report))
                        }
                    }.map { _ in }
                }
            }
        do {
            let channel = try await bootstrap.bind(host: "127.0.0.1", port: port).get()
            return APNsServer(group: group, channel: channel, port: channel.localAddress?.port ?? port)
        } catch {
            try? await group.shutdownGracefully()
            throw .cannotListen(port: port, underlying: "\(error)")
        }
    }

    private init(group: MultiThreadedEventLoopGroup, channel: any Channel, port: Int) {
        self.group = group
        self.channel = channel
        self.port = port
    }

    /// The address providers send to.
    package var url: String { "https://127.0.0.1:\(port)" }

    /// Stops listening and closes the connections.
    package func stop() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }
}
