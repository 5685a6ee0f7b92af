import ArgumentParser

/// `nsesim`: runs iOS Notification Service Extensions on Linux the way iOS runs them.
@main
struct NSESim: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nsesim",
        abstract: "Run iOS Notification Service Extensions on Linux the way iOS runs them.",
        discussion: """
            Exit status: 0 done; 1 a replay or bench expectation failed; 64 usage; \
            65 bad payload, case or attachment; 66 missing file; 70 internal error.
            """,
        version: "0.1.0",
        subcommands: [Run.self, Build.self, Lint.self, Validate.self, Store.self, Center.self, Schedule.self, Deliver.self, Serve.self,
                      APNs.self, ReplayCommand.self, BenchCommand.self, Targets.self, Show.self, ReportSchemaCommand.self]
    )
}
