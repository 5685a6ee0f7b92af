import NSESimRuntime

/// The JSON Schema (draft 2020-12) of `nsesim run --format json`, generated from
/// ``NotificationReport``'s types by ``SchemaShape``. The repository keeps it in
/// `docs/report-schema.json`; `nsesim report-schema` (or `make report-schema`) writes it
/// again, and a test fails when the file and the types differ.
package enum ReportSchema {
    /// Where the repository keeps the schema.
    package static let path = "docs/report-schema.json"

    /// The shape of one report.
    package static func shape() throws(SchemaError) -> SchemaShape {
        try SchemaShape.of(NotificationReport.self)
    }

    /// The schema: the report object inline, its parts under `$defs`, `reportVersion`
    /// fixed to ``NotificationReport/currentVersion``.
    package static func document() throws(SchemaError) -> JSONValue {
        var definitions: [String: JSONValue] = [:]
        guard case .object(var root) = try shape().jsonSchema(definitions: &definitions, inline: true),
              case .object(var properties) = root["properties"] ?? .null else {
            throw SchemaError(type: "NotificationReport", reason: "the report is not an object")
        }
        properties["reportVersion"] = .object(["type": .string("integer"), "const": .integer(Int64(NotificationReport.currentVersion))])
        root["properties"] = .object(properties)
        root["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        root["$id"] = .string("urn:nsesim:report:\(NotificationReport.currentVersion)")
        root["title"] = .string("nsesim run --format json, report version \(NotificationReport.currentVersion)")
        root["description"] = .string("One notification's report (several payloads give an array of them). Generated from "
            + "the NotificationReport types by `nsesim report-schema`; do not edit. Content objects (request.content, "
            + "delivered), center changes, framework records and extension.project are open JSON.")
        root["$defs"] = .object(definitions)
        return .object(root)
    }

    /// The schema as the file holds it: pretty, keys sorted, a final newline.
    package static func text() throws(SchemaError) -> String {
        try document().serializedString(pretty: true) + "\n"
    }
}
