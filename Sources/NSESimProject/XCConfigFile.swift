import Foundation

/// A build-configuration file (`.xcconfig`): `NAME = VALUE` lines, `//` comments and
/// `#include "other.xcconfig"` (`#include?` when the file may be missing), read in order,
/// includes in place. Assignments with a condition (`NAME[sdk=iphoneos*] = …`) are for
/// other platforms' builds and are skipped. A missing `#include`d file is a warning, as in
/// Xcode (CocoaPods' files before `pod install`): its settings are left out.
package enum XCConfigFile {
    /// The assignments of the file at `url`, in the order Xcode applies them.
    package static func assignments(at url: URL) throws(XcodeProjectError) -> [(name: String, value: String)] {
        var warnings: [String] = []
        return try assignments(at: url, warnings: &warnings)
    }

    /// The assignments of the file at `url`; each missing `#include` adds a warning naming
    /// the file, its line and the missing path.
    package static func assignments(at url: URL, warnings: inout [String]) throws(XcodeProjectError) -> [(name: String, value: String)] {
        var visiting: [String] = []
        return try read(url, visiting: &visiting, includedFrom: nil, warnings: &warnings)
    }

    /// The warning for a configuration file that is not there, whose settings are left out.
    package static func missingWarning(_ path: String, includedFrom: String) -> String {
        "\(includedFrom): \(path) does not exist: its settings are left out, as Xcode leaves them out with a warning"
            + (path.contains("/Pods/") || path.hasPrefix("Pods/") ? " (CocoaPods writes it: run pod install to have it)" : "")
            + "; a setting the build needs from it can be given with --setting NAME=VALUE"
    }

    private static func read(
        _ url: URL, visiting: inout [String], includedFrom: (path: String, line: Int)?,
        warnings: inout [String]
    ) throws(XcodeProjectError) -> [(name: String, value: String)] {
        let path = url.standardizedFileURL.path
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            let missing = !FileManager.default.fileExists(atPath: path)
            let why = missing ? "does not exist" : "cannot be read as UTF-8 text"
            if let includedFrom, missing {
                warnings.append(missingWarning(path, includedFrom: "\(includedFrom.path):\(includedFrom.line): #include"))
                return []
            }
            if let includedFrom {
                throw .badXCConfig(
                    path: includedFrom.path, line: includedFrom.line, message: "#include \(path): the file \(why)",
                    missing: missing)
            }
            throw .badXCConfig(
                path: path, line: 0,
                message: "the configuration file \(why); the project names it as a "
                    + "target's or the project's base configuration", missing: missing)
        }
        guard !visiting.contains(path) else {
            throw .badXCConfig(
                path: includedFrom?.path ?? path, line: includedFrom?.line ?? 0,
                message: "#include cycle: \((visiting + [path]).joined(separator: " → "))", missing: false)
        }
        visiting.append(path)
        defer { visiting.removeLast() }
        var result: [(name: String, value: String)] = []
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = stripComment(raw).trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line.hasPrefix("#include") {
                let optional = line.hasPrefix("#include?")
                guard let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else {
                    throw .badXCConfig(
                        path: path, line: offset + 1, message: "#include needs a quoted path: #include \"Other.xcconfig\"",
                        missing: false)
                }
                let name = String(line[line.index(after: open)..<close])
                let included =
                    name.hasPrefix("/")
                    ? URL(fileURLWithPath: name)
                    : url.deletingLastPathComponent().appendingPathComponent(name)
                if optional && !FileManager.default.fileExists(atPath: included.path) { continue }
                result += try read(included, visiting: &visiting, includedFrom: (path, offset + 1), warnings: &warnings)
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw .badXCConfig(path: path, line: offset + 1, message: "expected NAME = VALUE, found \"\(line)\"", missing: false)
            }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if name.contains("[") { continue }
            guard !name.isEmpty, !name.contains(" ") else {
                throw .badXCConfig(path: path, line: offset + 1, message: "\"\(name)\" is not a build setting's name", missing: false)
            }
            result.append((name, value.hasSuffix(";") ? String(value.dropLast()).trimmingCharacters(in: .whitespaces) : value))
        }
        return result
    }

    /// The line without a `//` comment (a `//` inside a quoted value or a URL's `://` stays).
    private static func stripComment(_ line: Substring) -> String {
        var inQuotes = false
        var previous: Character = " "
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "\"" { inQuotes.toggle() }
            let next = line.index(after: index)
            if !inQuotes, character == "/", next < line.endIndex, line[next] == "/", previous != ":" {
                return String(line[..<index])
            }
            previous = character
            index = next
        }
        return String(line)
    }
}
