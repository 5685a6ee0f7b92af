import NSESimPayload
import NSESimRuntime
@_spi(NSESim) import UserNotifications

extension ParsedPayload {
    /// The result of `nsesim lint --format json`: the request, the gate decision and the
    /// warnings, in the vocabulary of the `run` report.
    package var jsonValue: JSONValue {
        .object([
            "file": .string(path),
            "size": .integer(Int64(size)),
            "sizeLimit": .integer(Int64(sizeLimit)),
            "bundleIdentifier": bundleIdentifier.map(JSONValue.string) ?? .null,
            "request": requestJSON,
            "invoked": .bool(gate.invoked),
            "notInvokedReason": gate.notInvokedReason.map(JSONValue.string) ?? .null,
            "warnings": .array(warnings.map(\.jsonValue)),
        ])
    }

    /// `{"identifier", "pushType", "collapseID", "apnsID", "trigger", "content"}`: the report's `request`.
    package var requestJSON: JSONValue { JSONValue(encoding: NotificationReport.Request(self)) }

    /// The result of `nsesim lint` for people.
    package var text: String {
        var lines: [String] = []
        lines.append("Payload  \(path)  (\(size) of \(sizeLimit) bytes)")
        var push = "Push     \(headers.pushType.rawValue), identifier \(request.identifier)"
        if let apnsID = headers.apnsID { push += ", apns-id \(apnsID)" }
        lines.append(push)
        if let bundleIdentifier { lines.append("Bundle   \(bundleIdentifier) (Simulator Target Bundle)") }
        lines.append("")
        lines.append("Content")
        let rows = ContentRows.rows(of: request.content)
        let width = rows.map(\.label.count).max() ?? 0
        for row in rows {
            lines.append("  " + row.label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + row.value)
        }
        lines.append("")
        if let reason = gate.notInvokedReason {
            lines.append("Extension invoked: no, \(reason)")
        } else {
            lines.append("Extension invoked: yes (mutable-content \(mutableContent.spelled), alert shown)")
        }
        if warnings.isEmpty {
            lines.append("Warnings: none")
        } else {
            lines.append("Warnings (\(warnings.count))")
            lines.append(contentsOf: warnings.map { "  ! \($0)" })
        }
        return lines.joined(separator: "\n")
    }
}

extension LintWarning {
    /// `{"code", "key", "message"}`.
    package var jsonValue: JSONValue {
        .object(["code": .string(code.rawValue), "key": .string(key), "message": .string(message)])
    }
}
