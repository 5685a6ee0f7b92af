import ArgumentParser
import NSESimCore
import NSESimRuntime

/// `nsesim report-schema [--command run|show]`: prints the JSON Schema of a command's JSON
/// report, generated from the report's types; `make report-schema` writes them to `docs/`.
struct ReportSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report-schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the report `nsesim run --format json` (or show's) prints.",
        shouldDisplay: false
    )

    @Option(help: ArgumentHelp("Whose report: run or show.", valueName: "COMMAND"))
    var command: String = "run"

    func validate() throws {
        guard ReportSchema.all.contains(where: { $0.command == command }) else {
            throw ValidationError("--command \(command): expected one of \(ReportSchema.all.map(\.command).joined(separator: ", "))")
        }
    }

    func run() throws {
        guard let schema = ReportSchema.all.first(where: { $0.command == command }) else { return }
        do {
            print(try schema.text(), terminator: "")
        } catch {
            throw failure(error.description, status: ExitStatus.internalError)
        }
    }
}
