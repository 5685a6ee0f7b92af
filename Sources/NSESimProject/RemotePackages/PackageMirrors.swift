import Foundation

/// Where SwiftPM fetches a package from instead of its URL (`--package-mirror URL=PATH`,
/// and the mirrors of `~/.swiftpm/configuration/mirrors.json`), written as SwiftPM's own
/// mirror configuration into the package nsesim builds.
package enum PackageMirrors {
    /// The mirrors `--package-mirror URL=PATH` options give, paths made absolute against the
    /// current folder; nil with the first option that has no `=`.
    package static func parse(_ options: [String]) -> [String: String]? {
        var mirrors: [String: String] = [:]
        for option in options {
            guard let equals = option.firstIndex(of: "="), equals != option.startIndex,
                option.index(after: equals) != option.endIndex
            else { return nil }
            let original = String(option[..<equals])
            var mirror = String(option[option.index(after: equals)...])
            if !mirror.contains("://"), !mirror.hasPrefix("/"), !mirror.hasPrefix("git@") {
                mirror = URL(fileURLWithPath: mirror).standardizedFileURL.path
            }
            mirrors[original] = mirror
        }
        return mirrors
    }

    /// The shared mirrors of SwiftPM (`~/.swiftpm/configuration/mirrors.json`).
    package static func shared() -> [String: String] {
        let file = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".swiftpm/configuration/mirrors.json")
        guard let data = FileManager.default.contents(atPath: file.path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = object["object"] as? [[String: Any]]
        else { return [:] }
        var mirrors: [String: String] = [:]
        for entry in entries {
            if let original = entry["original"] as? String, let mirror = entry["mirror"] as? String { mirrors[original] = mirror }
        }
        return mirrors
    }

    /// SwiftPM's `mirrors.json` for `mirrors` (each original also with and without `.git`,
    /// as projects spell URLs both ways).
    package static func configuration(_ mirrors: [String: String]) -> Data {
        var entries: [[String: String]] = []
        var seen = Set<String>()
        for (original, mirror) in mirrors.sorted(by: { $0.key < $1.key }) {
            let bare = original.hasSuffix(".git") ? String(original.dropLast(4)) : original
            for spelling in [bare, bare + ".git"] where seen.insert(spelling).inserted {
                entries.append(["original": spelling, "mirror": mirror])
            }
        }
        let object: [String: Any] = ["object": entries, "version": 1]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    }
}
