import ArgumentParser
import Foundation
import NSESimBuild
import NSESimCenter
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimRuntime
import NSESimStore

/// `nsesim apns`: a local APNs for a push backend, delivering into the app's notification center.
package struct APNsCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "apns",
        abstract:
            "A local APNs: Apple's provider API (HTTP/2 over TLS) on 127.0.0.1, each push run through the extension into the app's center.",
        subcommands: [APNsServeCommand.self, APNsUnregisterCommand.self],
        defaultSubcommand: APNsServeCommand.self
    )

    package init() {}
}

/// `nsesim apns --extension DIR [--port N] [--key KEYID=FILE.p8 --team TEAMID] ...`.
package struct APNsServeCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve Apple's provider API on 127.0.0.1 until SIGINT or SIGTERM.",
        discussion: """
            POST /3/device/TOKEN with Apple's headers (apns-topic, apns-push-type, apns-priority, apns-expiration, \
            apns-collapse-id, apns-id) and, with --key, authorization: bearer JWT (ES256, kid KEYID, iss TEAMID). \
            Answers as APNs: 200 with apns-id once accepted, else the status and {"reason": ...}. Prints \
            "APNs at https://127.0.0.1:PORT (CA: FILE)" once it listens, then a line per push. \
            Exit status: 0 stopped by a signal; 64 usage; 65 a bad key, tokens file or certificate; \
            66 a missing file or folder; 70 the port cannot be used or another failure.
            """
    )

    // `--extension DIR|LIB.so` or `--project X.xcodeproj [--target T]`, as `run` takes them.
    @OptionGroup package var extensionOptions: ExtensionOptions
    @OptionGroup package var lifecycle: LifecycleOptions
    @OptionGroup package var app: AppOptions
    @OptionGroup package var warm: WarmOptions

    @Option(help: "The port on 127.0.0.1 (APNs uses 443 and 2197; 0: a free one, printed).")
    package var port: Int = 2197

    @Option(
        name: .customLong("key"),
        help: ArgumentHelp(
            "A provider token key: its key identifier and the .p8 file (repeatable).",
            valueName: "KEYID=FILE.p8"))
    package var keys: [String] = []

    @Option(help: ArgumentHelp("The team identifier the provider tokens name (iss); needed with --key.", valueName: "TEAMID"))
    package var team: String?

    @Option(
        help: ArgumentHelp(
            "A folder with server.pem and server-key.pem (and ca.pem) to use instead of the certificate nsesim makes.",
            valueName: "DIR"))
    package var certDir: String?

    @Option(help: ArgumentHelp("The valid device tokens, one per line (TOKEN [TOPIC]); others get 400 BadDeviceToken.", valueName: "FILE"))
    package var tokens: String?

    @Option(help: ArgumentHelp("Append a JSON line per push to this file.", valueName: "FILE"))
    package var log: String?

    @Option(
        help: ArgumentHelp(
            "How many accepted pushes run the extension at once, each in a process of its own (default: one "
                + "per processor, here \(ProcessInfo.processInfo.activeProcessorCount)); they enter the center, and their lines "
                + "and log records come, in arrival order.", valueName: "N"))
    package var concurrentDeliveries: Int?

    package init() {}

    package func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        for key in keys where key.split(separator: "=", maxSplits: 1).count != 2 {
            throw ValidationError("--key \(key): expected KEYID=FILE.p8, e.g. --key ABC123DEFG=AuthKey_ABC123DEFG.p8")
        }
        if !keys.isEmpty && team == nil { throw ValidationError("--key needs --team TEAMID: the team the tokens name (iss)") }
        if let concurrentDeliveries, concurrentDeliveries < 1 {
            throw ValidationError("--concurrent-deliveries \(concurrentDeliveries): give 1 or more (1: one push's extension at a time)")
        }
    }

    /// The local APNs runs in `nsesim-apns` beside nsesim (its HTTP/2 and TLS stack is built
    /// only for it), which this process becomes.
    package func run() async throws { try APNsExecutable.exec() }
}

/// `nsesim apns unregister TOKEN`: later pushes to TOKEN get 410 Unregistered, as after the app was removed.
package struct APNsUnregisterCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "unregister",
        abstract: "Make later pushes to a device token answer 410 Unregistered (with the time), as after the app was removed."
    )

    @Argument(help: ArgumentHelp("The device token (hexadecimal).", valueName: "TOKEN"))
    package var token: String

    @Option(help: ArgumentHelp("The app's bundle identifier (else the --extension's, else com.example.app).", valueName: "ID"))
    package var bundleId: String?

    @Option(help: ArgumentHelp("The extension, to take the app's bundle identifier from its Info.plist.", valueName: "DIR"))
    package var `extension`: String?

    package init() {}

    package func validate() throws {
        guard DeviceToken.isWellFormed(token) else {
            throw ValidationError("\(token): a device token is 64 or more hexadecimal digits")
        }
    }

    /// Run by `nsesim-apns`, which keeps the device registry.
    package func run() throws { try APNsExecutable.exec() }
}
