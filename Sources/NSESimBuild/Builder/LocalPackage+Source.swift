import Crypto
import Foundation
import NSESimProject

extension LocalPackage {
    /// The folder SwiftPM builds: the package's own, or, when its Swift sources use what needs
    /// the Objective-C runtime (`@objc`, `@objcMembers`, `dynamic`: an iOS SDK a sample app
    /// depends on as a local package, as Iterable's does), a copy in nsesim's cache beside
    /// `scratch` with those taken out (`ObjCAttributes`, lines and columns kept), as the build
    /// does for fetched packages and the extension's own sources. The user's folder is never
    /// written to. The copy keeps the package's folder name (SwiftPM's identity of it) and
    /// its relative `.package(path:)` dependencies point at their folders; it is made again
    /// only when the package's files change (SwiftPM's incremental build stays incremental).
    /// Returns the folder and the files changed (relative to the package).
    func buildSource(scratch: URL) throws(ExtensionError) -> (folder: URL, changed: [String]) {
        let iOSLibrary = PlatformConditions.isIOSLibrary(path)
        let overrides = Self.objcExtensionMethods(in: path)
        let needing = Self.swiftFiles(in: path).filter { file in
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { return false }
            return Self.rewrittenForLinux(text, iOSLibrary: iOSLibrary, overrides: overrides) != nil
        }
        let manifestText = try? String(contentsOf: path.appendingPathComponent("Package.swift"), encoding: .utf8)
        let conditions = manifestText.map(Self.iOSConditionsOnLinux) ?? nil
        guard !needing.isEmpty || conditions != nil else { return (path, []) }
        let changed = (needing.map { String($0.path.dropFirst(path.path.count + 1)) } + (conditions == nil ? [] : ["Package.swift"]))
            .sorted()
        let root = scratch.deletingLastPathComponent().appendingPathComponent(scratch.lastPathComponent + "-source")
        let copy = root.appendingPathComponent(path.lastPathComponent)
        let stamp = root.appendingPathComponent(".nsesim-fingerprint")
        let fingerprint = "objc 9 " + fingerprint()
        if FileManager.default.contents(atPath: stamp.path) == Data(fingerprint.utf8) { return (copy, changed) }
        do {
            try? FileManager.default.removeItem(at: root)
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            try copyTree(to: copy)
            for file in Self.swiftFiles(in: copy) {
                guard let text = try? String(contentsOf: file, encoding: .utf8),
                    let rewritten = Self.rewrittenForLinux(text, iOSLibrary: iOSLibrary, overrides: overrides)
                else {
                    continue
                }
                try Data(rewritten.utf8).write(to: file, options: .atomic)
            }
            let manifest = copy.appendingPathComponent("Package.swift")
            if let text = try? String(contentsOf: manifest, encoding: .utf8) {
                let conditioned = Self.iOSConditionsOnLinux(text) ?? text
                try Data(Self.absolutePackagePaths(in: conditioned, relativeTo: path).utf8).write(to: manifest, options: .atomic)
            }
            try Data(fingerprint.utf8).write(to: stamp)
        } catch {
            throw .environment(
                "cannot copy the package \(path.path) into \(copy.path) to build it without @objc: \(error.localizedDescription)")
        }
        return (copy, changed)
    }

    /// The manifest with `.linux` added to each `condition: .when(platforms: [...])` that names
    /// `.iOS` (nil when there is none): nsesim builds a project's local package for the iOS
    /// extension it runs, as Xcode does, so what is conditioned on iOS is part of it
    /// (openHAB's OpenHABCore links Alamofire and Kingfisher `.when(platforms: [.iOS, .watchOS])`,
    /// which Linux's build would leave out: `no such module 'Alamofire'`).
    static func iOSConditionsOnLinux(_ manifest: String) -> String? {
        var changed = false
        let result = manifest.replacing(/\.when\(\s*platforms:\s*\[([^\]]*)\]/) { match in
            let list = match.output.1
            guard list.contains(".iOS"), !list.contains(".linux") else { return String(match.output.0) }
            changed = true
            return ".when(platforms: [\(list), .linux]"
        }
        return changed ? result : nil
    }

    /// A package source as nsesim builds it, nil when unchanged: what needs the Objective-C
    /// runtime taken out (`ObjCAttributes`) or added (`AssociatedObjects`), Darwin's networking
    /// names Linux lacks (`NetworkingAdditions`), and a framework imported under another name
    /// (`import os.log`, a Clang submodule on iOS, and `import OSLog`: openHAB's OpenHABCore)
    /// imported as the module nsesim aliases (`ModuleAliases`: `-module-alias os=NSESimOS`
    /// cannot reach a submodule), and, in an iOS library (`iOSLibrary`: its sources import
    /// UIKit), `os(iOS)` true (`PlatformConditions`), and `override` taken out of overrides of
    /// the package's `@objc` extension methods (`overrides`: `ExtensionMethodOverrides`); lines
    /// and columns kept.
    static func rewrittenForLinux(_ text: String, iOSLibrary: Bool = false, overrides: Set<String> = []) -> String? {
        var result = text
        if let unoverridden = ExtensionMethodOverrides.rewrite(result, names: overrides) { result = unoverridden }
        if text.contains("@objc") || text.contains("@IB") || text.contains("#selector") || text.contains("dynamic") {
            let rewritten = ObjCAttributes.neutralize(result)
            if !rewritten.changes.isEmpty { result = rewritten.text }
        }
        if FrameworkTable.aliases.keys.contains(where: { text.contains($0) }) || ModuleAliases.importsSubmodule(text) {
            result = ModuleAliases.rewrite(result).text
        }
        if AssociatedObjects.calls(text) { result = AssociatedObjects.rewrite(result).text }
        if NetworkingAdditions.applies(to: text) { result = NetworkingAdditions.rewrite(result).text }
        if iOSLibrary, let conditioned = PlatformConditions.iOS(result) { result = conditioned }
        return result == text ? nil : result
    }

    /// The `@objc` methods that the extensions in the Swift sources below `folder` declare.
    static func objcExtensionMethods(in folder: URL) -> Set<String> {
        swiftFiles(in: folder).reduce(into: Set<String>()) { names, file in
            guard let text = try? String(contentsOf: file, encoding: .utf8), text.contains("@objc") else { return }
            names.formUnion(ExtensionMethodOverrides.objcExtensionMethods(in: text))
        }
    }

    /// The package's Swift sources (its manifest, `.build`, `.git` and `.swiftpm` left out).
    static func swiftFiles(in folder: URL) -> [URL] {
        var files: [URL] = []
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            if [".git", ".build", ".swiftpm"].contains(file.lastPathComponent) {
                enumerator?.skipDescendants()
                continue
            }
            if file.pathExtension == "swift", file.lastPathComponent != "Package.swift" { files.append(file) }
        }
        return files
    }

    /// Copies the package's files (not `.build`, `.git`, `.swiftpm`) into `destination`.
    private func copyTree(to destination: URL) throws {
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: path.path) where ![".git", ".build", ".swiftpm"].contains(name) {
            try manager.copyItem(at: path.appendingPathComponent(name), to: destination.appendingPathComponent(name))
        }
    }

    /// The manifest with each relative `.package(path: "…")` (also with `name:`) made absolute
    /// against `folder`, the package's own folder: the copy builds elsewhere.
    static func absolutePackagePaths(in manifest: String, relativeTo folder: URL) -> String {
        guard
            let expression = try? NSRegularExpression(
                pattern: #"\.package\(\s*(?:name:\s*"[^"]*"\s*,\s*)?path:\s*"([^"/][^"]*)""#)
        else { return manifest }
        var result = manifest
        let matches = expression.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest))
        for match in matches.reversed() {
            guard let range = Range(match.range(at: 1), in: result) else { continue }
            let absolute = folder.appendingPathComponent(String(result[range])).standardizedFileURL.path
            result.replaceSubrange(range, with: absolute)
        }
        return result
    }

    /// SwiftPM's shared configuration folder for the build (`--config-path`) when mirrors are
    /// given: their `mirrors.json` (with the user's own shared mirrors), so that the package's
    /// own remote dependencies are fetched from them too; nil without mirrors.
    func mirrorConfiguration(toolchain: ExtensionToolchain) throws(ExtensionError) -> URL? {
        guard !mirrors.isEmpty else { return nil }
        let merged = PackageMirrorLinks.distinctlyNamed(
            PackageMirrors.shared().merging(mirrors) { _, given in given },
            cache: toolchain.cacheDirectory)
        let data = PackageMirrors.configuration(merged)
        let digest = SHA256.hash(data: data).prefix(8).map { String(format: "%02x", $0) }.joined()
        let folder = toolchain.cacheDirectory.appendingPathComponent("package-configuration").appendingPathComponent(digest)
        // SwiftPM reads the shared mirrors from `mirrors.json` right in that folder.
        let file = folder.appendingPathComponent("mirrors.json")
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.contents(atPath: file.path) != data { try data.write(to: file, options: .atomic) }
        } catch {
            throw .environment("cannot write SwiftPM's mirrors into \(file.path): \(error.localizedDescription)")
        }
        return folder
    }
}
