import Foundation
import NSESimRuntime

/// Replay results as JUnit XML, which GitHub Actions and GitLab read: one testcase per
/// case, the differences as the failure's message and text.
package enum JUnitReport {
    package static func xml(for results: [ReplayResult], suite: String = "nsesim replay", timestamp: Date = Date()) -> String {
        let failures = results.filter { !$0.passed && $0.error == nil }.count
        let errors = results.filter { $0.error != nil }.count
        let total = results.reduce(0.0) { $0 + $1.duration.exactSeconds }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="\#(escape(suite))" tests="\#(results.count)" failures="\#(failures)" errors="\#(errors)" time="\#(format(total))">"#,
            #"  <testsuite name="\#(escape(suite))" tests="\#(results.count)" failures="\#(failures)" errors="\#(errors)" skipped="0" time="\#(format(total))" timestamp="\#(ISO8601DateFormatter().string(from: timestamp))">"#,
        ]
        for result in results {
            let parts = result.name.split(separator: "/")
            let classname = (["nsesim.replay"] + parts.dropLast().map(String.init)).joined(separator: ".")
            let name = parts.last.map(String.init) ?? result.name
            let open =
                #"    <testcase classname="\#(escape(classname))" name="\#(escape(name))" time="\#(format(result.duration.exactSeconds))""#
            if let error = result.error {
                lines.append(open + ">")
                lines.append(#"      <error message="\#(escape(firstLine(error)))" type="case-error">\#(escape(error))</error>"#)
                lines.append("    </testcase>")
            } else if !result.differences.isEmpty {
                let text = result.differences.joined(separator: "\n")
                lines.append(open + ">")
                lines.append(#"      <failure message="\#(escape(result.differences[0]))" type="expectation">\#(escape(text))</failure>"#)
                lines.append("    </testcase>")
            } else {
                lines.append(open + "/>")
            }
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): result += "?"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func firstLine(_ text: String) -> String { String(text.split(separator: "\n").first ?? "") }
    private static func format(_ seconds: Double) -> String { String(format: "%.3f", seconds) }
}
