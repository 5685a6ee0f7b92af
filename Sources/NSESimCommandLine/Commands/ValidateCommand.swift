import ArgumentParser
import Foundation
import NSESimCore
import NSESimRuntime

/// `nsesim validate FILE...`: checks files as `UNNotificationAttachment(identifier:url:options:)` does.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check files as notification attachments: type, kind, size, and content read with libmagic.",
        discussion: "Exit status: 0 when every file is valid, 65 when one is not, 66 when one is missing."
    )

    @Argument(help: "The files to check.")
    var files: [String]

    @Option(help: "A UTI that overrides the file extension, as UNNotificationAttachmentOptionsTypeHintKey does.")
    var typeHint: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one file to check") }
    }

    func run() throws {
        let reports = files.map { AttachmentReport(path: $0, typeHint: typeHint) }
        switch format {
        case .text:
            print(reports.map(\.text).joined(separator: "\n"))
        case .json:
            let value = reports.count == 1 ? reports[0].jsonValue : .array(reports.map(\.jsonValue))
            print(value.serializedString(pretty: true))
        }
        let missing = files.contains { !FileManager.default.fileExists(atPath: $0) }
        if missing { throw ExitCode(ExitStatus.missingFile) }
        if !reports.allSatisfy(\.isValid) { throw ExitCode(ExitStatus.badInput) }
    }
}
