import Foundation
import NSESimRuntime
import Testing

/// Real reports of `nsesim run --format json` checked against the committed
/// `docs/report-schema.json` (``JSONSchemaCheck``): attachments and the store, the center,
/// log records, a payload iOS would not run the extension for, several payloads at once.
@Suite("docs/report-schema.json against real reports")
struct ReportSchemaValidationTests {
    static func check() throws -> JSONSchemaCheck {
        JSONSchemaCheck(schema: try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: repositoryPath("docs/report-schema.json")))))
    }

    @Test(
        "each report is valid against the schema and says reportVersion 4",
        arguments: [
            [
                "--extension", "Plugins-Examples/ImageAttachment", "--payload", "Fixtures/payloads/image-url.json",
                "--serve", "Fixtures/media",
            ],
            [
                "--extension", "Plugins-Examples/Logging", "--payload", "Fixtures/payloads/with-sender.json",
                "--payload", "Fixtures/payloads/silent.json",
            ],
        ])
    func realReports(arguments: [String]) async throws {
        let scratch = ReplayRun.scratch("report-schema")
        let resolved = arguments.map { $0.hasPrefix("Plugins-Examples/") || $0.hasPrefix("Fixtures/") ? repositoryPath($0) : $0 }
        let result = try await NSESimCommand.run(
            ["run", "--format", "json", "--store", scratch.appendingPathComponent("store").path] + resolved,
            environment: ReplayRun.environment)
        #expect(result.status == 0, "\(result)")
        let output = try JSONValue.parse(Data(result.stdout.utf8))
        let reports = output.arrayValue ?? [output]
        #expect(reports.count == arguments.filter { $0 == "--payload" }.count)
        let check = try Self.check()
        for report in reports {
            #expect(check.problems(in: report) == [], "\(report.serializedString())")
            #expect(report["reportVersion"] == .integer(4))
        }
        // The parts a schema with only optional keys could let through: they are there.
        let first = try #require(reports.first)
        #expect(first["extension"]?["cacheHit"]?.boolValue != nil)
        #expect(first["didReceiveStartedMs"] != nil)
        if arguments.contains("Fixtures/payloads/image-url.json") {
            #expect(first["attachments"]?.arrayValue?.first?["type"] == .string("public.jpeg"))
        } else {
            #expect(first["logRecords"]?.arrayValue?.isEmpty == false)
            #expect(reports.last?["invoked"] == .bool(false))
            #expect(reports.last?["notInvokedReason"]?.stringValue != nil)
        }
    }

    @Test(
        "a crash's and a hang's reports are valid against the schema, their sections there",
        arguments: [
            ["--extension", "Plugins-Examples/Faults/TemplateForceUnwrap", "--payload", "Fixtures/payloads/alert-mutable.json"],
            [
                "--extension", "Plugins-Examples/Faults/Sleep", "--payload", "Fixtures/payloads/alert-mutable.json",
                "--deadline", "0.3", "--grace", "0.3",
            ],
        ])
    func crashAndHangReports(arguments: [String]) async throws {
        let scratch = ReplayRun.scratch("report-schema-crash")
        let resolved = arguments.map { $0.hasPrefix("Plugins-Examples/") || $0.hasPrefix("Fixtures/") ? repositoryPath($0) : $0 }
        let result = try await NSESimCommand.run(
            ["run", "--format", "json", "--store", scratch.appendingPathComponent("store").path] + resolved,
            environment: ReplayRun.environment)
        let report = try JSONValue.parse(Data(result.stdout.utf8))
        #expect(try Self.check().problems(in: report) == [], "\(report.serializedString())")
        let section = arguments.contains("--deadline") ? report["hang"]?["stuck"] : report["crash"]
        #expect(section?["ownFrame"]?["line"]?.integerValue == 8, "\(result)")
    }

    @Test(
        "a real `nsesim show --format json` (service extension, content extension, an action) is valid against docs/show-report-schema.json"
    )
    func realShowReport() async throws {
        let scratch = ReplayRun.scratch("show-report-schema")
        let result = try await NSESimCommand.run(
            [
                "show", "--format", "json", "--store", scratch.appendingPathComponent("store").path,
                "--extension", repositoryPath("Plugins-Examples/Article/ArticleContent"),
                "--service-extension", repositoryPath("Plugins-Examples/Article/ArticleService"),
                "--payload", repositoryPath("Fixtures/payloads/article.json"), "--serve", repositoryPath("Fixtures/media"),
                "--categories", repositoryPath("Plugins-Examples/Article/categories.json"), "--action", "save",
            ],
            environment: ReplayRun.environment)
        #expect(result.status == 0, "\(result)")
        let report = try JSONValue.parse(Data(result.stdout.utf8))
        let check = JSONSchemaCheck(
            schema: try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: repositoryPath("docs/show-report-schema.json")))))
        #expect(check.problems(in: report) == [], "\(report.serializedString())")
        #expect(report["reportVersion"] == .integer(1))
        #expect(report["serviceExtension"]?["reportVersion"] == .integer(4))
        #expect(report["contentExtension"]?["matched"] == .bool(true))
        #expect(report["contentExtension"]?["steps"]?.arrayValue?.count == 1)
        #expect(report["contentExtension"]?["closedBy"] != nil)
    }

    @Test("the check itself refuses what the schema does not allow")
    func checkRefuses() throws {
        let check = try Self.check()
        let problems = check.problems(in: .object(["reportVersion": .integer(1), "outcom": .string("modified")]))
        #expect(problems.contains("$.reportVersion: expected 4, found 1"))
        #expect(problems.contains("$.outcom: not a key the schema allows"))
        #expect(problems.contains("$: the required key outcome is missing"))
    }
}
