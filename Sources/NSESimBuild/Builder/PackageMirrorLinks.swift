import Crypto
import Foundation
import NSESimProject
import Subprocess

/// Mirrors as SwiftPM can tell them apart. SwiftPM names a package it fetches from a mirror
/// by the mirror's last path component: clones laid out as `…/owner+name/repo` all end in
/// `repo`, and two of them in one graph clash (`repo is required using two different
/// revision-based requirements`). Each local mirror whose folder name is not the original
/// URL's is given to SwiftPM through a link in nsesim's cache named as the original
/// (`…/package-mirrors/<digest>/swift-log` → the clone).
enum PackageMirrorLinks {
    /// `mirrors` with each local path whose last component is not the original's name
    /// replaced by a link of that name (remote URLs stay as given).
    static func distinctlyNamed(_ mirrors: [String: String], cache: URL) -> [String: String] {
        var result: [String: String] = [:]
        for (original, mirror) in mirrors {
            let isFileURL = mirror.hasPrefix("file://")
            guard isFileURL || mirror.hasPrefix("/") else {
                result[original] = mirror
                continue
            }
            let path = isFileURL ? String(mirror.dropFirst("file://".count)) : mirror
            var name = original.split(separator: "/").last.map(String.init) ?? original
            if name.hasSuffix(".git") { name.removeLast(4) }
            guard !name.isEmpty, RemotePackage.identity(of: path) != RemotePackage.identity(of: original) else {
                result[original] = mirror
                continue
            }
            let digest = SHA256.hash(data: Data(path.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
            let link = cache.appendingPathComponent("package-mirrors").appendingPathComponent(digest).appendingPathComponent(name)
            let manager = FileManager.default
            if (try? manager.destinationOfSymbolicLink(atPath: link.path)) != path {
                try? manager.removeItem(at: link)
                try? manager.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
                guard (try? manager.createSymbolicLink(atPath: link.path, withDestinationPath: path)) != nil else {
                    result[original] = mirror
                    continue
                }
            }
            result[original] = isFileURL ? "file://" + link.path : link.path
        }
        return result
    }

    /// The environment SwiftPM runs git with: each mirror also as git's own URL rewriting
    /// (`url.MIRROR.insteadOf = ORIGINAL`, through `GIT_CONFIG_COUNT`), so that what git fetches
    /// by itself, a package's submodules, comes from the mirrors given for their URLs too
    /// (`--package-mirror` takes a submodule's URL as well as a package's).
    static func gitEnvironment(_ mirrors: [String: String]) -> [Environment.Key: String?] {
        var rules: [(key: String, value: String)] = []
        for (original, mirror) in mirrors.sorted(by: { $0.key < $1.key }) {
            let bare = original.hasSuffix(".git") ? String(original.dropLast(4)) : original
            for spelling in [bare + ".git", bare] {
                rules.append(("url.\(mirror).insteadOf", spelling))
            }
        }
        guard !rules.isEmpty else { return [:] }
        // git fetches submodules with the file transport only when told (git 2.38.1 and later).
        if mirrors.values.contains(where: { $0.hasPrefix("/") || $0.hasPrefix("file://") }) {
            rules.append(("protocol.file.allow", "always"))
        }
        var environment: [Environment.Key: String?] = ["GIT_CONFIG_COUNT": String(rules.count)]
        for (index, rule) in rules.enumerated() {
            environment[Environment.Key(rawValue: "GIT_CONFIG_KEY_\(index)")!] = rule.key
            environment[Environment.Key(rawValue: "GIT_CONFIG_VALUE_\(index)")!] = rule.value
        }
        return environment
    }
}
