import ArgumentParser
import FixtureServer
import Foundation
import NSESimRuntime
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `nsesim serve DIR`: the fixture server on its own, until SIGINT or SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a folder over HTTP on 127.0.0.1 through a simulated network, with faults on request.",
        discussion: """
            Prints "Serving DIR at http://127.0.0.1:PORT (network: NAME)" once it listens, then serves until \
            SIGINT or SIGTERM. Faults, as query parameters on any path: status=CODE, reset-after=N, \
            length-delta=N, drip=BYTES_PER_SECOND, redirects=N, redirect-to=URL, stall=1 (never answers). Profiles: the built-in ones \
            (Apple's Network Link Conditioner names) and those of --profiles FILE, which override by name. \
            Exit status: 0 stopped by a signal; 64 usage (unknown profile); 65 bad profiles file; \
            66 missing folder or profiles file; 70 the port cannot be used or another failure.
            """
    )

    @Argument(help: ArgumentHelp("The folder to serve.", valueName: "DIR"))
    var directory: String

    @Option(help: "The port on 127.0.0.1 (0: a free one, printed).")
    var port: Int = 0

    @Option(
        help: ArgumentHelp(
            "A network profile, e.g. 3G, DSL, Edge, LTE, WiFi, \"Very Bad Network\", \"100% Loss\", "
                + "\"High Latency DNS\" (default: none, no delay or limit).", valueName: "PROFILE"))
    var network: String?

    @Option(
        help: ArgumentHelp(
            "A JSON file of extra profiles ({\"profiles\": [...]}); they override built-in ones by name.",
            valueName: "FILE"))
    var profiles: String?

    @Option(help: "The seed that decides which connections a lossy profile drops (the same seed, the same drops).")
    var seed: UInt64 = 1

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        let profile = try selectedProfile()
        let server = FixtureServer(root: URL(fileURLWithPath: directory), profile: profile, port: port, seed: seed)
        // Handlers first: a signal that comes as soon as the line is printed must stop the server.
        let signals = TerminationSignals()
        let url: URL
        do {
            url = try await server.start()
        } catch {
            switch error {
            case .missingFolder: throw failure(error.description, status: ExitStatus.missingFile)
            default: throw failure(error.description, status: ExitStatus.internalError)
            }
        }
        print("Serving \(directory) at \(url.absoluteString) (network: \(profile?.name ?? "none"))")
        fflush(nil)  // all C streams: stdout is not concurrency-safe to name
        await signals.next()
        await server.stop()
    }

    private func selectedProfile() throws -> NetworkProfile? {
        if let profiles, !FileManager.default.fileExists(atPath: profiles) {
            throw failure("--profiles \(profiles): no such file", status: ExitStatus.missingFile)
        }
        guard network != nil || profiles != nil else { return nil }
        let all: [NetworkProfile]
        do {
            all = try NetworkProfiles.load(from: profiles.map { URL(fileURLWithPath: $0) })
        } catch {
            throw failure(error.description, status: ExitStatus.badInput)
        }
        guard let network else { return nil }
        do {
            return try NetworkProfiles.named(network, in: all)
        } catch {
            throw failure(error.description, status: ExitStatus.usage)
        }
    }
}

/// The write end of the pipe that SIGINT and SIGTERM are reported through (-1: none yet).
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// Waits for SIGINT or SIGTERM: the handlers write the signal's number into a pipe, which a
/// thread of its own reads. That thread unblocks both signals for itself, since a parent
/// (a test runner, a CI agent) may have started nsesim with them blocked, and the mask is
/// inherited by every thread; a process-wide signal then reaches this thread.
package final class TerminationSignals: Sendable {
    private let received: AsyncStream<Int32>

    package init() {
        var ends: [Int32] = [-1, -1]
        let piped = pipe(&ends) == 0
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        received = stream
        guard piped else {
            continuation.finish()
            return
        }
        signalPipeWriteEnd.store(ends[1], ordering: .sequentiallyConsistent)
        for signal in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWriteEnd.load(ordering: .relaxed), &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = Int32(SA_RESTART)
            sigaction(signal, &action, nil)
        }
        let readEnd = ends[0]
        let thread = Thread {
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, SIGINT)
            sigaddset(&unblocked, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count == 1 {
                    continuation.yield(Int32(byte))
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    continuation.finish()
                    return
                }
            }
        }
        thread.name = "nsesim-signals"
        thread.start()
    }

    /// Returns when the first SIGINT or SIGTERM has come.
    package func next() async {
        for await _ in received { return }
    }
}
