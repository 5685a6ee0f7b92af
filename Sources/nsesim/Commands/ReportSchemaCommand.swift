import ArgumentParser
import NSESimCore

/// `nsesim report-schema`: prints the JSON Schema of `nsesim run --format json`, generated
/// from the report's types; `make report-schema` writes it to `docs/report-schema.json`.
struct ReportSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report-schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the report `nsesim run --format json` prints.",
        shouldDisplay: false
    )

    func run() throws {
        do {
            print(try ReportSchema.text(), terminator: "")
        } catch {
            throw failure(error.description, status: ExitStatus.internalError)
        }
    }
}
