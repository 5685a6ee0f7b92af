import Foundation
import NSESimProject

/// The pods of a project's target that nsesim does not stand in for, built from their sources
/// as a team's CI gets them with `pod install`: each pod's spec (its `:path` folder's podspec,
/// its `:git` repository's at the locked commit or tag, or CocoaPods' specs at the version
/// Podfile.lock records, `PodSpecRepository`), its files fetched with git at that version
/// (`PodCheckout`), the subspecs the target asks for (or the default ones) and the pods they
/// depend on. A Swift pod becomes a module of the extension's build (`UserModule`: built
/// against nsesim's frameworks, cached by its sources); an Objective-C, C or binary pod is an
/// obstacle named in the one list of what cannot build on Linux.
struct PodsBuild: Sendable {
    /// The target's pods as the Podfile and its lock give them.
    let pods: PodfileTarget
    /// Where trunk pods' specs are found (`--pod-specs`).
    let specs: PodSpecRepository
    /// `--package-mirror`: git fetches each pod's URL from its mirror.
    let mirrors: [String: String]
    /// nsesim's cache folder.
    let cache: URL

    /// What the pods give the extension's build.
    struct Built: Sendable {
        /// The Swift pods, as modules by name.
        var modules: [String: UserModule] = [:]
        /// The pods that cannot build on Linux.
        var obstacles: [LinuxObstacle] = []
        /// Per pod: where its spec and source came from and the module built (`build --explain`).
        var explanation: [String] = []
    }

    /// A pod's spec, where it came from and, for a `:git` pod, its checkout.
    private struct Found {
        let spec: Podspec
        let origin: String
        let checkout: PodCheckout?
        let source: Podspec.Source?
    }

    /// Builds the plan for `wanted` (the pods whose module the sources import and nothing
    /// else supplies, each as messages name it) and the pods they depend on; the development
    /// pods `local` (already the project's modules) bring the pods their podspecs depend on.
    /// A pod whose module `supplied` says the user gives (`Modules/NAME/`, `--package`) is not fetched.
    /// `unclaimed` are the imports nothing supplies yet, with where: the target's other pods
    /// `candidates` are looked up (quietly) for a `module_name` among them (`pod 'TinyFormatPod'`
    /// whose podspec names module `TinyFormatter`).
    func prepare(
        target: String, wanted: [(pod: PodfileTarget.Pod, label: String, module: String)], local: [PodfileTarget.Pod],
        candidates: [PodfileTarget.Pod] = [], unclaimed: [String: (file: String, line: Int)] = [:],
        supplied: (String) -> Bool
    ) async throws(ExtensionError) -> Built {
        var requests: [String: Set<String>] = [:]
        var labels: [String: String] = [:]
        var order: [String] = []
        var queue: [String] = []
        let localRoots = Set(local.map { Podspec.root(of: $0.name) })
        func request(_ name: String, label: String) {
            let root = Podspec.root(of: name)
            guard !localRoots.contains(root), PodStandIns.modules(for: name) == nil, PodStandIns.modules(for: root) == nil else { return }
            let short = name == root ? "" : String(name.dropFirst(root.count + 1))
            if labels[root] == nil {
                labels[root] = label
                order.append(root)
            }
            if requests[root, default: []].insert(short).inserted { queue.append(root) }
        }
        for entry in wanted {
            request(entry.pod.name, label: entry.label)
            // The target's other lines of the same pod (`pod 'X/A'` and `pod 'X/B'`): one module.
            for other in pods.pods where Podspec.root(of: other.name) == Podspec.root(of: entry.pod.name) {
                request(other.name, label: entry.label)
            }
        }
        for pod in local {
            guard let spec = pod.spec else { continue }
            let short = pod.name.contains("/") ? [String(pod.name.drop { $0 != "/" }.dropFirst())] : []
            for dependency in spec.selection(Set(short)).attributes.dependencies {
                request(dependency, label: "\(dependency) (a dependency of the development pod \(pod.name))")
            }
        }

        var found: [String: Found] = [:]
        var unclaimed = unclaimed
        for pod in candidates where !unclaimed.isEmpty {
            let root = Podspec.root(of: pod.name)
            guard labels[root] == nil, let version = version(of: root),
                case .success(let spec)? = try? await lookUp(root, version: version, git: pod.git ?? pods.externalSources[root]),
                let site = unclaimed[spec.spec.module]
            else { continue }
            found[root] = spec
            unclaimed[spec.spec.module] = nil
            request(pod.name, label: "\(pod.name) \(version) (import \(spec.spec.module) at \(site.file):\(site.line))")
        }

        // Each pod's spec, and the pods its chosen specs depend on, until no request is new.
        var missing: [String] = []
        var index = 0
        while index < queue.count {
            let root = queue[index]
            index += 1
            let label = labels[root] ?? root
            if found[root] == nil {
                guard let version = version(of: root) else {
                    missing.append("pod \(label): Podfile.lock records no version of it (run pod install and commit Podfile.lock)")
                    requests[root] = nil
                    continue
                }
                switch try await lookUp(root, version: version, git: gitSource(of: root, wanted: wanted)) {
                case .success(let spec): found[root] = spec
                case .failure(let reason):
                    missing.append("pod \(label): \(reason)")
                    requests[root] = nil
                    continue
                }
            }
            guard let spec = found[root]?.spec, !supplied(spec.module) else { continue }
            for dependency in Self.selection(of: spec, requests[root] ?? []).attributes.dependencies {
                request(dependency, label: "\(dependency) (a dependency of \(root))")
            }
        }
        if !missing.isEmpty { throw .podSpecsNotFound(target: target, pods: missing) }

        var result = Built()
        for root in order {
            guard let pod = found[root], let asked = requests[root] else { continue }
            let spec = pod.spec
            let version = spec.version
            let label = "pod \(labels[root] ?? root)"
            let chosen = Self.selection(of: spec, asked)
            let named = "\(root) \(version)" + (asked.contains("") ? "" : " (\(asked.sorted().joined(separator: ", ")))")
            if supplied(spec.module) {
                result.explanation.append(
                    "\(named): module \(spec.module) given by you (Modules/\(spec.module)/ or --package): not fetched")
                continue
            }
            if let reason = Self.obstacle(before: chosen.attributes, source: pod.source ?? spec.source) {
                result.obstacles.append(LinuxObstacle(dependency: label, reason: reason, modules: [spec.module]))
                result.explanation.append("\(named): spec from \(pod.origin); \(reason): not built")
                continue
            }
            guard let source = pod.source ?? spec.source else { continue }
            let checkout: PodCheckout
            if let fetched = pod.checkout {
                checkout = fetched
            } else {
                checkout = try await PodCheckout.fetch(root, version: version, source: source, mirrors: mirrors, cache: cache)
            }
            let files = PodGlob.select(
                chosen.attributes.sourceFiles, excluding: chosen.attributes.excludeFiles, from: PodGlob.files(in: checkout.folder))
            let from =
                "source \(source.git ?? "?") at \(PodCheckout.reference(of: source)) (\(checkout.revision.prefix(12)), "
                + "\(checkout.cacheHit ? "from nsesim's cache," : "fetched into") \(checkout.folder.path))"
            switch Self.kind(of: files) {
            case .swift(let swift):
                var module = UserModule(
                    name: spec.module, folder: checkout.folder, sources: swift.map { checkout.folder.appendingPathComponent($0) })
                module.swiftVersion = Self.languageMode(of: spec)
                module.compilationConditions = chosen.attributes.compilationConditions
                module.origin = "the pod \(root) \(version) (\(source.git ?? "?") at \(PodCheckout.reference(of: source)))"
                result.modules[spec.module] = module
                result.explanation.append(
                    "\(named): spec from \(pod.origin); \(from); module \(spec.module) of \(swift.count) Swift file(s)"
                        + (module.swiftVersion.map { ", Swift \($0)" } ?? ""))
            case .unbuildable(let reason):
                result.obstacles.append(LinuxObstacle(dependency: label, reason: reason, modules: [spec.module]))
                result.explanation.append("\(named): spec from \(pod.origin); \(from); \(reason): not built")
            }
        }
        return result
    }

    /// The version Podfile.lock records of pod `root` (or of one of its subspecs).
    private func version(of root: String) -> String? {
        pods.lockedVersions[root] ?? pods.lockedVersions.first { $0.key.hasPrefix(root + "/") }?.value
    }

    /// Where pod `root` comes from when not from CocoaPods' specs: the Podfile's or the lock's `:git`.
    private func gitSource(of root: String, wanted: [(pod: PodfileTarget.Pod, label: String, module: String)]) -> Podspec.Source? {
        wanted.first { Podspec.root(of: $0.pod.name) == root }?.pod.git ?? pods.externalSources[root]
    }

    /// The spec of `root` at `version`: from its repository for a `:git` pod, else from the spec repository.
    private func lookUp(_ root: String, version: String, git: Podspec.Source?) async throws(ExtensionError) -> Result<Found, LookupFailure>
    {
        if let git {
            let checkout = try await PodCheckout.fetch(root, version: version, source: git, mirrors: mirrors, cache: cache)
            let names = ["\(root).podspec.json", "\(root).podspec"]
            let top = (try? FileManager.default.contentsOfDirectory(atPath: checkout.folder.path)) ?? []
            guard
                let file = names.first(where: { top.contains($0) })
                    ?? top.sorted().first(where: { $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") })
            else {
                return .failure(
                    LookupFailure(
                        description: "its repository \(git.git ?? "?") at \(PodCheckout.reference(of: git)) has no \(root).podspec"))
            }
            do {
                var spec = try Podspec(contentsOf: checkout.folder.appendingPathComponent(file))
                // The lock's version is the checkout's, whatever the podspec says.
                spec.version = version
                return .success(
                    Found(
                        spec: spec, origin: "\(file) in \(git.git ?? "?") at \(PodCheckout.reference(of: git))", checkout: checkout,
                        source: git))
            } catch {
                return .failure(LookupFailure(description: error.description))
            }
        }
        switch await specs.spec(of: root, version: version, cache: cache) {
        case .found(let spec, let origin): return .success(Found(spec: spec, origin: origin, checkout: nil, source: nil))
        case .unreadable(let error): return .failure(LookupFailure(description: "its spec cannot be read: \(error)"))
        case .notFound(let looked):
            return .failure(LookupFailure(description: "no spec of \(root) \(version): looked at \(looked.joined(separator: ", "))"))
        }
    }

    private struct LookupFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The specs `asked` (short subspec names, `""` the root) choose, together.
    static func selection(of spec: Podspec, _ asked: Set<String>) -> Podspec.Selection {
        let subspecs = asked.filter { !$0.isEmpty }
        let named = spec.selection(subspecs)
        guard asked.contains(""), !subspecs.isEmpty else { return asked.contains("") ? spec.selection([]) : named }
        let whole = spec.selection([])
        var attributes = whole.attributes
        var seen = Set(whole.specs)
        for name in named.specs where seen.insert(name).inserted {
            if let own = spec.spec(named: name)?.attributes {
                attributes.sourceFiles += own.sourceFiles
                attributes.excludeFiles += own.excludeFiles
            }
        }
        var inherited = Podspec.Attributes()
        inherited.dependencies = named.attributes.dependencies
        inherited.frameworks = named.attributes.frameworks
        attributes.merge(inherited)
        return Podspec.Selection(specs: Array(seen).sorted(), attributes: attributes)
    }

    /// Why a pod cannot build on Linux, known from its spec alone: binaries, an archive for a
    /// source, file patterns that can hold no Swift file.
    static func obstacle(before attributes: Podspec.Attributes, source: Podspec.Source?) -> String? {
        if !attributes.vendored.isEmpty {
            return "it ships binaries built for Apple's platforms (vendored \(attributes.vendored.joined(separator: ", ")))"
        }
        if source?.git == nil {
            return "its source is \(source?.http.map { "an archive (\($0))" } ?? "not given"), and nsesim fetches pods with git"
        }
        if !attributes.sourceFiles.isEmpty, !attributes.sourceFiles.flatMap(PodGlob.expand).contains(where: mayHoldSwift) {
            return "its sources are Objective-C or C (source_files \(attributes.sourceFiles.joined(separator: ", "))), "
                + "which Linux's toolchain builds without Apple's Foundation"
        }
        return nil
    }

    /// Whether a file pattern (braces expanded) can select a Swift file.
    private static func mayHoldSwift(_ pattern: String) -> Bool {
        let last = pattern.split(separator: "/").last.map(String.init) ?? pattern
        guard let dot = last.lastIndex(of: ".") else { return true }
        let ext = last[last.index(after: dot)...]
        return ext == "swift" || ext.contains("*") || ext.contains("?") || ext.contains("[")
    }

    /// What a pod's selected files are.
    enum Kind: Equatable {
        case swift([String])
        case unbuildable(String)
    }

    /// Swift files only (headers aside) build as a module; Objective-C, C or C++ files do not.
    static func kind(of files: [String]) -> Kind {
        let swift = files.filter { $0.hasSuffix(".swift") }
        let objectiveC = files.filter { $0.hasSuffix(".m") || $0.hasSuffix(".mm") }
        let c = files.filter { file in [".c", ".cc", ".cpp", ".cxx", ".c++"].contains { file.hasSuffix($0) } }
        if objectiveC.isEmpty, c.isEmpty {
            return swift.isEmpty ? .unbuildable("its source_files select no source file") : .swift(swift)
        }
        let other = objectiveC.isEmpty ? "C or C++" : "Objective-C"
        if swift.isEmpty {
            return .unbuildable(
                "its sources are \(other) (\(objectiveC.count + c.count) file(s)), which Linux's toolchain builds without Apple's Foundation"
            )
        }
        return .unbuildable(
            "its sources mix Swift with \(other) (\(objectiveC.count + c.count) file(s)), which one Swift module cannot hold on Linux")
    }

    /// The language mode of the pod's highest `swift_versions` (CocoaPods builds a pod in it); nil without one.
    static func languageMode(of spec: Podspec) -> String? {
        let modes = spec.swiftVersions.map(SwiftLanguageMode.swiftcVersion(for:)).filter(SwiftLanguageMode.isSupported)
        return modes.max { (Double($0) ?? 0) < (Double($1) ?? 0) }
    }
}
