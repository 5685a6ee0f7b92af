import ArgumentParser
import FixtureServer
import Foundation
import NSESimCore
import NSESimPayload
import NSESimRuntime

/// `--serve DIR [--network PROFILE] [--profiles FILE]`: a local server for the payload's
/// `{{server}}` URLs, shared by `run` and `show`.
struct ServeOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Serve this folder on 127.0.0.1 for the run; {{server}} in the payload becomes its address.",
            valueName: "DIR"))
    var serve: String?

    @Option(help: ArgumentHelp("The network profile the --serve server applies (3G, Edge, LTE, WiFi, ...).", valueName: "PROFILE"))
    var network: String?

    @Option(help: ArgumentHelp("A network profiles file that adds to or overrides the built-in profiles.", valueName: "FILE"))
    var profiles: String?

    func validate() throws {
        if network != nil && serve == nil {
            throw ValidationError("--network applies to the server of --serve DIR: give both")
        }
    }

    /// The fixture server of `--serve`, started with the `--network` profile.
    func startServer() async throws -> FixtureServer? {
        guard let serve else { return nil }
        do {
            let profile = try network.map { name throws(FixtureServerError) in
                try NetworkProfiles.named(name, in: try NetworkProfiles.load(from: profiles.map { URL(fileURLWithPath: $0) }))
            }
            let server = FixtureServer(root: URL(fileURLWithPath: serve), profile: profile)
            _ = try await server.start()
            return server
        } catch {
            switch error {
            case .missingFolder: throw failure(error.description, status: ExitStatus.missingFile)
            case .unknownProfile, .badProfiles: throw failure(error.description, status: ExitStatus.usage)
            default: throw failure(error.description, status: ExitStatus.internalError)
            }
        }
    }

    /// Reads a payload, putting the server's address in place of `{{server}}` (a payload that
    /// uses it without `--serve` is exit 64): the command's failure on bad input.
    func parsePayload(_ path: String, server: URL?, options: PayloadOptions) throws -> ParsedPayload {
        do {
            return try PayloadParser.parse(fileAt: path, server: server, options: options)
        } catch {
            throw failure(error.description, status: error.exitStatus)
        }
    }
}
