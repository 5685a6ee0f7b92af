import Foundation

/// A `Podfile.lock` (YAML): the version `pod install` installed of each pod.
package struct PodfileLock: Sendable {
    /// The file.
    package let file: URL
    /// Pod name (subspecs included: `Firebase/Messaging`) → version.
    package let versions: [String: String]
    /// Pod name → the pods it depends on, as the lock's `PODS` tree lists them (names only).
    package let dependencies: [String: [String]]
    /// Root name → where `EXTERNAL SOURCES` (with `CHECKOUT OPTIONS`' commit) says it comes
    /// from: `:git`, `:tag`, `:commit`, `:branch`, `:path`, `:podspec`, without the colon.
    package let externalSources: [String: [String: String]]

    /// Reads `file`; a file that is not a Podfile.lock is an error with the line and column.
    package init(contentsOf file: URL) throws(XcodeProjectError) {
        self.file = file
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .badPodfileLock(path: file.path, line: 1, column: 1, message: "cannot be read")
        }
        let loaded: SpecValue
        do {
            loaded = try YAMLParser.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw .badPodfileLock(path: file.path, line: error.line, column: error.column, message: error.message)
        }
        guard let top = loaded.plistValue as? [String: Any] else {
            throw .badPodfileLock(
                path: file.path, line: 1, column: 1,
                message: "expected a mapping with PODS, DEPENDENCIES and "
                    + "COCOAPODS at the top")
        }
        guard let pods = top["PODS"] as? [Any] else {
            throw .badPodfileLock(
                path: file.path, line: Self.line(of: "PODS:", in: data), column: 1,
                message: top["PODS"] == nil ? "no PODS list" : "PODS is not a list of \"Name (version)\" entries")
        }
        var versions: [String: String] = [:]
        var dependencies: [String: [String]] = [:]
        for entry in pods {
            // "Name (1.2.3)", or a mapping from it to the pod's own dependencies.
            let text = (entry as? String) ?? (entry as? [String: Any])?.keys.first
            guard let text, let open = text.lastIndex(of: "("), text.hasSuffix(")") else {
                throw .badPodfileLock(
                    path: file.path, line: Self.line(of: "\(entry)", in: data), column: 1,
                    message: "PODS entry \"\(entry)\" is not \"Name (version)\"")
            }
            let name = text[..<open].trimmingCharacters(in: .whitespaces)
            versions[name] = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            if let children = (entry as? [String: Any])?.values.first as? [Any] {
                dependencies[name] = children.compactMap { child in
                    (child as? String).map { String($0.split(separator: " ", maxSplits: 1).first ?? "") }
                }
            }
        }
        self.versions = versions
        self.dependencies = dependencies
        var external: [String: [String: String]] = [:]
        for section in ["EXTERNAL SOURCES", "CHECKOUT OPTIONS"] {
            for (pod, options) in top[section] as? [String: Any] ?? [:] {
                for (key, value) in options as? [String: Any] ?? [:] {
                    let option = key.hasPrefix(":") ? String(key.dropFirst()) : key
                    guard value is String || value is Int || value is Double else { continue }
                    external[pod, default: [:]][option] = "\(value)"
                }
            }
        }
        externalSources = external
    }

    /// The version of `pod` (a subspec's is its root's when the lock lists only that).
    package func version(of pod: String) -> String? {
        versions[pod] ?? versions[String(pod.split(separator: "/").first ?? "")]
    }

    /// The line where `text` first appears in the file (1 when it does not).
    private static func line(of text: String, in data: Data) -> Int {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains(text) } ?? 0) + 1
    }
}
