import Foundation

/// The pods a target of a CocoaPods project links: its `target` block of the Podfile (with
/// what it inherits), each at the version `Podfile.lock` records.
package struct PodfileTarget: Sendable, Equatable {
    /// One pod.
    package struct Pod: Sendable, Equatable {
        /// As the Podfile names it: `Firebase/Messaging`.
        package let name: String
        /// The version `Podfile.lock` records; nil without a lock file (or without the pod in it).
        package let version: String?
        /// The module it gives.
        package let module: String
        /// The module nsesim stands in with; nil for a pod nsesim does not provide.
        package let standIn: String?
        /// A development pod's folder (`:path =>`): its Swift sources are built as a module.
        package var folder: URL? = nil
    }

    /// The Podfile, relative to the project's folder.
    package let podfile: String
    /// The Podfile's target block.
    package let target: String
    /// Its pods, in the Podfile's order.
    package let pods: [Pod]

    /// The development pods, as the project's modules: their Swift sources (but tests and examples).
    package var localModules: [ProjectTarget.Framework] {
        pods.compactMap { pod in
            guard let folder = pod.folder else { return nil }
            return ProjectTarget.Framework(target: "pod \(pod.name)", moduleName: pod.module, sources: Self.swiftSources(in: folder))
        }
    }

    private static func swiftSources(in folder: URL) -> [URL] {
        var sources: [URL] = []
        let skipped: Set<String> = ["Tests", "Example", "Examples", "Pods", ".build", ".git", "Package.swift"]
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        while let file = walker?.nextObject() as? URL {
            if skipped.contains(file.lastPathComponent) || file.lastPathComponent.hasSuffix("Tests") { walker?.skipDescendants(); continue }
            if file.pathExtension == "swift" { sources.append(file.standardizedFileURL) }
        }
        return sources.sorted { $0.path < $1.path }
    }
}
