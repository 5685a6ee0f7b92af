import ArgumentParser
import Foundation
import NSESimCore
import NSESimPayload
import NSESimRuntime

/// `nsesim lint FILE`: parses a payload as iOS would and says whether the extension runs.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Parse an APNs payload (.json or .apns) into the request iOS builds, with the gate decision and warnings."
    )

    @Argument(help: "The payload file (.json, or .apns as used by `xcrun simctl push`).")
    var file: String

    @Option(help: "A Localizable.strings file for the *-loc-key alert keys.")
    var strings: String?

    @OptionGroup var push: PushOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func run() throws {
        let parsed: ParsedPayload
        do {
            parsed = try PayloadParser.parse(fileAt: file, options: push.payloadOptions(strings: strings))
        } catch {
            throw failure(error.description, status: error.exitStatus)
        }
        switch format {
        case .text: print(parsed.text)
        case .json: print(parsed.jsonValue.serializedString(pretty: true))
        }
    }
}
