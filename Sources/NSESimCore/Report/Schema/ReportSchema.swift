import NSESimRuntime

/// The JSON Schemas (draft 2020-12) of nsesim's JSON reports, generated from their types by
/// ``SchemaShape``: ``run`` for `nsesim run --format json` (``NotificationReport``) and
/// ``show`` for `nsesim show --format json` (``ShowReport``). The repository keeps them in
/// `docs/`; `nsesim report-schema [--command show]` (or `make report-schema`) writes them
/// again, and a test fails when a file and its types differ.
package struct ReportSchema: Sendable {
    /// The command whose output it describes (`run`, `show`).
    package let command: String
    /// Where the repository keeps the schema.
    package let path: String
    /// The version the report writes in `reportVersion`.
    package let version: Int
    /// What the schema's `description` says beyond its origin.
    let summary: String
    /// The shape of one report.
    private let makeShape: @Sendable () throws(SchemaError) -> SchemaShape

    /// `nsesim run --format json`.
    package static let run = ReportSchema(
        command: "run", path: "docs/report-schema.json", version: NotificationReport.currentVersion,
        summary: "One notification's report (several payloads give an array of them). Generated from the NotificationReport "
            + "types by `nsesim report-schema`; do not edit. Content objects (request.content, delivered), center changes, "
            + "framework records and extension.project are open JSON.",
        makeShape: { () throws(SchemaError) in try SchemaShape.of(NotificationReport.self) })

    /// `nsesim show --format json`.
    package static let show = ReportSchema(
        command: "show", path: "docs/show-report-schema.json", version: ShowReport.currentVersion,
        summary: "A notification delivered, then drawn by its content extension, with the user's steps. Generated from the "
            + "ShowReport types by `nsesim report-schema --command show`; do not edit. The presented interface, each step's "
            + "answer, content objects and framework records are open JSON.",
        makeShape: { () throws(SchemaError) in try SchemaShape.of(ShowReport.self) })

    /// Every report nsesim prints as JSON.
    package static let all = [run, show]

    /// The shape of one report.
    package func shape() throws(SchemaError) -> SchemaShape {
        try makeShape()
    }

    /// The schema: the report object inline, its parts under `$defs`, `reportVersion`
    /// fixed to ``version``.
    package func document() throws(SchemaError) -> JSONValue {
        var definitions: [String: JSONValue] = [:]
        guard case .object(var root) = try shape().jsonSchema(definitions: &definitions, inline: true),
            case .object(var properties) = root["properties"] ?? .null
        else {
            throw SchemaError(type: "nsesim \(command)", reason: "the report is not an object")
        }
        properties["reportVersion"] = .object(["type": .string("integer"), "const": .integer(Int64(version))])
        root["properties"] = .object(properties)
        root["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        root["$id"] = .string(command == "run" ? "urn:nsesim:report:\(version)" : "urn:nsesim:\(command)-report:\(version)")
        root["title"] = .string("nsesim \(command) --format json, report version \(version)")
        root["description"] = .string(summary)
        root["$defs"] = .object(definitions)
        return .object(root)
    }

    /// The schema as the file holds it: pretty, keys sorted, a final newline.
    package func text() throws(SchemaError) -> String {
        try document().serializedString(pretty: true) + "\n"
    }
}
