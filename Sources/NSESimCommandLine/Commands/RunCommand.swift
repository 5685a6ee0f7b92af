import ArgumentParser
import FixtureServer
import Foundation
import NSESimBuild
import NSESimCenter
import NSESimCore
import NSESimRuntime

/// `nsesim run --extension DIR --payload FILE`: what iOS would show.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a service extension on a payload the way iOS does, and show what iOS would deliver.",
        discussion: """
            Each notification gets a fresh extension process. didReceive is called at once; at the deadline \
            serviceExtensionTimeWillExpire() is called on another thread; at the end of the grace the process \
            is killed and the original content delivered. Outcomes: modified, best-attempt, original-timeout, \
            original-crash, killed-memory, not-invoked, filtered (an empty content with the filtering entitlement).
            """
    )

    @OptionGroup var extensionOptions: ExtensionOptions

    @Option(
        name: .customLong("payload"),
        help: ArgumentHelp("The payload (.json or .apns); repeat it to run several notifications.", valueName: "FILE"))
    var payloads: [String]

    @OptionGroup var lifecycle: LifecycleOptions

    @Flag(help: "Keep one extension process alive across the notifications, as iOS may (state in statics survives).")
    var reuseProcess = false

    @OptionGroup var push: PushOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @OptionGroup var serving: ServeOptions

    @OptionGroup var app: AppOptions

    @OptionGroup var delivery: DeliveryOptions

    @OptionGroup var coverageOptions: CoverageOptions

    func validate() throws {
        guard !payloads.isEmpty else { throw ValidationError("give a payload with --payload FILE") }
    }

    func run() async throws {
        let coverage = try coverageOptions.start()  // first: the processes' environment is read once
        let server = try await serving.startServer()
        defer { if let server { Task { await server.stop() } } }
        let parsed = try payloads.map { path in
            try serving.parsePayload(path, server: server?.baseURL, options: push.payloadOptions(strings: delivery.strings))
        }
        let pipeline = try NotificationPipeline.make(
            extension: extensionOptions, app: app, lifecycle: lifecycle,
            delivery: delivery, reuseProcess: reuseProcess, coverage: coverage != nil)
        var runs: [NotificationRun]
        do { runs = try await pipeline.deliver(parsed) } catch { throw error.exitCode }
        for index in runs.indices { runs[index].logOptions = delivery.logOptions }
        switch format {
        case .text:
            print(runs.map(\.text).joined(separator: "\n\n"))
        case .json:
            let value = runs.count == 1 ? runs[0].jsonValue : .array(runs.map(\.jsonValue))
            print(value.serializedString(pretty: true))
        }
        if let coverage {
            let built: BuiltExtension
            do { built = try await pipeline.prepare() } catch { throw error.exitCode }
            let (_, text) = try await CoverageOptions.finish(coverage, built: [built], toolchain: pipeline.toolchain)
            // The JSON report stays the only thing on standard output.
            if format == .text {
                print("\n" + text.joined(separator: "\n"))
            } else {
                FileHandle.standardError.write(Data((text.joined(separator: "\n") + "\n").utf8))
            }
        }
    }
}
