import Foundation
import NSESimRuntime
import NSESimStore

extension ReplayOptions {
    /// `options.appGroupFiles`: files the app wrote into its groups before the push, each
    /// `{"path": "GROUP/PATH", "source": "FILE", "protection": "complete"}` (protection optional,
    /// iOS's default `completeUntilFirstUserAuthentication`) or the string
    /// `"GROUP/PATH=FILE[:CLASS]"` of `--app-group-file`; FILE relative to the case's folder.
    static func appGroupFiles(_ object: [String: JSONValue], folder: URL) throws(JSONTypeError) -> [AppGroupFileSeed] {
        var seeds: [AppGroupFileSeed] = []
        for (index, entry) in (try object.array("appGroupFiles", in: "options") ?? []).enumerated() {
            let path = "options.appGroupFiles[\(index)]"
            func made(_ make: () throws(AppGroupFileSeed.Failure) -> AppGroupFileSeed) throws(JSONTypeError) -> AppGroupFileSeed {
                do {
                    return try make()
                } catch {
                    throw JSONTypeError(path: path, expected: AppGroupFileSeed.form, found: error.description)
                }
            }
            if let text = entry.stringValue {
                seeds.append(try made { () throws(AppGroupFileSeed.Failure) in try AppGroupFileSeed(argument: text, relativeTo: folder) })
                continue
            }
            guard case .object(let fields) = entry else {
                throw JSONTypeError(
                    path: path, expected: "{\"path\", \"source\", \"protection\"} or \"\(AppGroupFileSeed.form)\"",
                    found: entry.typeDescription)
            }
            guard let target = try fields.string("path", in: path), let slash = target.firstIndex(of: "/") else {
                throw JSONTypeError(
                    path: path + ".path", expected: "GROUP/PATH (group.com.example.app/Library/shared.sqlite)",
                    found: fields["path"].map { $0.stringValue.map { "\"\($0)\"" } ?? $0.typeDescription } ?? "nothing")
            }
            guard let source = try fields.string("source", in: path) else {
                throw JSONTypeError(path: path + ".source", expected: "the file copied in, relative to the case", found: "nothing")
            }
            var protection = FileProtectionClass.default
            if let name = fields["protection"] {
                guard let text = name.stringValue, let parsed = FileProtectionClass(name: text) else {
                    throw JSONTypeError(
                        path: path + ".protection", expected: "one of \(FileProtectionClass.accepted)",
                        found: name.stringValue.map { "\"\($0)\"" } ?? name.typeDescription)
                }
                protection = parsed
            }
            seeds.append(
                try made { () throws(AppGroupFileSeed.Failure) in
                    try AppGroupFileSeed(
                        group: String(target[..<slash]), path: String(target[target.index(after: slash)...]),
                        source: ReplayCase.resolveURL(source, in: folder), protection: protection)
                })
        }
        return seeds
    }
}

extension ReplayCase {
    /// `path` relative to the case's folder, as a file URL.
    static func resolveURL(_ path: String, in folder: URL) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)).standardizedFileURL
    }
}
