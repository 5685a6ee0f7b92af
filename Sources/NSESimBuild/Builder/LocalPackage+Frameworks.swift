import Crypto
import Foundation

/// A package built against nsesim's frameworks, as Xcode builds a project's packages against
/// the iOS SDK: SwiftPM's compiler is given nsesim's module folder and the module maps its
/// modules need, and the extension links the libraries of the frameworks the package imports
/// (the same dynamic libraries it links itself: one copy of each per process).
extension LocalPackage {
    /// How a package was built.
    package enum FrameworkMode: String, Sendable {
        /// Against nsesim's frameworks (`import UIKit`, `import UserNotifications` build).
        case frameworks
        /// Against Linux's Foundation only: the build against the frameworks failed (a
        /// package whose `#if canImport(UIKit)` code needs more of UIKit than nsesim has)
        /// and this one did not.
        case linuxOnly
    }

    /// The `swift build` arguments that give SwiftPM's compiler nsesim's framework modules:
    /// the products' module folder, the module maps of the C modules they import (except any
    /// the package's own graph defines: `C` targets of swift-nio, say, which SwiftPM maps
    /// itself), and the module aliases of the frameworks `imports` names (`os` → `NSESimOS`).
    /// Darwin's Foundation brings what Linux keeps apart or lacks: `implicit` names the modules
    /// every source of the package imports without naming them (`FoundationImports`).
    static func frameworkFlags(
        toolchain: ExtensionToolchain, imports: Set<String>,
        packageTargets: Set<String>, implicit: FoundationImports = FoundationImports()
    ) throws(ExtensionError) -> [String] {
        var compiler = ["-I", toolchain.productsDirectory.appendingPathComponent("Modules").path]
        compiler += implicit.modules.flatMap { ["-Xfrontend", "-import-module", "-Xfrontend", $0] }
        for map in try toolchain.moduleMapFiles() {
            // The map's folder is `NAME.build` (SwiftPM's) or `NAME` (nsesim's system libraries).
            let folder = map.deletingLastPathComponent().lastPathComponent
            let module = folder.hasSuffix(".build") ? String(folder.dropLast(".build".count)) : folder
            if packageTargets.contains(module) { continue }
            compiler += ["-Xcc", "-fmodule-map-file=\(map.path)"]
        }
        compiler += FrameworkTable.all.filter { framework in
            imports.contains(framework.module) || framework.aliases.contains { imports.contains($0) }
        }.flatMap(\.aliasArguments)
        return compiler.flatMap { ["-Xswiftc", $0] }
    }

    /// The nsesim frameworks the Swift sources below `folders` import (every `import`, also
    /// those inside `#if canImport(…)`: linking a library the package does not use is harmless),
    /// and the names of the targets found there (each `Sources/NAME` folder).
    static func frameworkImports(in folders: [URL]) -> (imports: Set<String>, targets: Set<String>, implicit: FoundationImports) {
        var imports = SourceImports()
        var targets = Set<String>()
        var implicit = FoundationImports()
        let skipped: Set<String> = [".git", ".build", ".swiftpm", "Tests", "Examples", "Example", "Demo"]
        for folder in folders {
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let file = enumerator?.nextObject() as? URL {
                let name = file.lastPathComponent
                if skipped.contains(name) {
                    enumerator?.skipDescendants()
                    continue
                }
                if file.deletingLastPathComponent().lastPathComponent == "Sources" { targets.insert(name) }
                guard file.pathExtension == "swift", name != "Package.swift",
                    let text = try? String(contentsOf: file, encoding: .utf8), text.contains("import")
                else { continue }
                imports.scan(text, file: file.path)
                implicit.scan(text)
            }
        }
        let frameworks = imports.modules.filter { module in
            FrameworkTable.framework(named: module) != nil || FrameworkTable.aliases[module] != nil
        }
        return (Set(frameworks), targets, implicit)
    }

    /// What a package's Foundation-only sources reach on iOS through `import Foundation` and
    /// must import implicitly here: FoundationNetworking with nsesim's networking additions
    /// (`NSESimDownloads`: `URLCredential(trust:)`, `URLRequest.allowsConstrainedNetworkAccess`)
    /// when a source names a networking type, and UserNotifications' Darwin additions
    /// (`autoreleasepool`, `NSInteger`, `NSDiscardableContent`, `Selector`, `URLError`'s
    /// `networkUnavailableReason`) when one names those. Both libraries are in every extension
    /// process already (UserNotifications is always linked); a package naming neither gets neither.
    package struct FoundationImports: Sendable, Equatable {
        package var networking = false
        package var darwin = false
        package init() {}

        mutating func scan(_ text: String) {
            networking = networking || LinuxFoundationModules.usesNetworking(text)
            darwin = darwin || LinuxFoundationModules.usesDarwinFoundation(text)
        }

        /// The modules, in import order.
        var modules: [String] { (networking ? ["FoundationNetworking", "NSESimDownloads"] : []) + (darwin ? ["UserNotifications"] : []) }
    }

    /// What the package's files are, for remembering that its build against the frameworks
    /// failed: each file's path, size and time (the build folder and git's excluded).
    func fingerprint() -> String {
        var hash = SHA256()
        let enumerator = FileManager.default.enumerator(at: path, includingPropertiesForKeys: [.fileSizeKey, .contentModificationDateKey])
        var lines: [String] = []
        while let file = enumerator?.nextObject() as? URL {
            if [".git", ".build", ".swiftpm"].contains(file.lastPathComponent) {
                enumerator?.skipDescendants()
                continue
            }
            let values = try? file.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
            lines.append("\(file.path) \(values?.fileSize ?? -1) \(values?.contentModificationDate?.timeIntervalSince1970 ?? 0)")
        }
        for line in lines.sorted() { hash.update(data: Data("\(line)\n".utf8)) }
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// The file in the frameworks build's scratch folder that says the package built only
    /// without them, holding the package's fingerprint at the time.
    static func linuxOnlyMarker(scratch: URL) -> URL {
        scratch.appendingPathComponent(".nsesim-linux-only")
    }

    /// The scratch folder of the build without the frameworks (kept apart, so that SwiftPM's
    /// incremental build of each stays incremental).
    static func linuxOnlyScratch(_ scratch: URL) -> URL {
        scratch.deletingLastPathComponent().appendingPathComponent(scratch.lastPathComponent + "-linux")
    }
}
