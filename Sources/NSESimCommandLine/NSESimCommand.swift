import ArgumentParser

/// `nsesim`: runs iOS Notification Service Extensions on Linux the way iOS runs them.
package struct NSESimCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "nsesim",
        abstract: "Run iOS Notification Service Extensions on Linux the way iOS runs them.",
        discussion: """
            Exit status: 0 done; 1 a replay or bench expectation failed; 64 usage; \
            65 bad payload, case or attachment; 66 missing file; 70 internal error.
            """,
        subcommands: [
            RunCommand.self, BuildCommand.self, LintCommand.self, ValidateCommand.self, StoreCommand.self, CenterCommand.self,
            ScheduleCommand.self, DeliverCommand.self, ServeCommand.self, APNsCommand.self, ReplayCommand.self, BenchCommand.self,
            TargetsCommand.self, ShowCommand.self, FuzzCommand.self, ReportSchemaCommand.self,
        ]
    )

    @Flag(
        help:
            "Print nsesim's version (its git tag or commit), the Swift it was built with and builds extensions with, and where its products are."
    )
    var version = false

    package init() {}

    package func run() async throws {
        guard version else { throw CleanExit.helpRequest(self) }
        print(NSESimVersion.current().text)
    }
}
