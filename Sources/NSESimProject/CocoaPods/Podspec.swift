import Foundation

/// A pod's specification as CocoaPods reads it (a `.podspec.json`, as the CDN serves it, or
/// a Ruby `.podspec`, `PodspecRubyReader`): what a build of the pod needs of it. The root
/// spec and its subspecs, each with its own file patterns; dependencies and frameworks are
/// inherited by subspecs, file patterns are not (as CocoaPods' consumer reads them).
package struct Podspec: Sendable, Equatable {
    /// Where the pod's files come from (`s.source`).
    package struct Source: Sendable, Equatable {
        package var git: String?
        package var tag: String?
        package var commit: String?
        package var branch: String?
        /// `:submodules => true`: the checkout's submodules too.
        package var submodules = false
        /// An archive (`:http`): nsesim fetches pods with git only.
        package var http: String?

        package init(
            git: String? = nil, tag: String? = nil, commit: String? = nil, branch: String? = nil,
            submodules: Bool = false, http: String? = nil
        ) {
            self.git = git
            self.tag = tag
            self.commit = commit
            self.branch = branch
            self.submodules = submodules
            self.http = http
        }
    }

    /// The attributes of one spec (the root or a subspec) a build reads, iOS's included.
    package struct Attributes: Sendable, Equatable {
        /// `source_files`, relative to the pod's folder.
        package var sourceFiles: [String] = []
        /// `exclude_files`.
        package var excludeFiles: [String] = []
        /// `dependency` names (`Starscream`, `Firebase/CoreOnly`); the versions come from Podfile.lock.
        package var dependencies: [String] = []
        /// `frameworks`: Apple's frameworks it links.
        package var frameworks: [String] = []
        /// `vendored_frameworks` and `vendored_libraries`: binaries built for Apple's platforms.
        package var vendored: [String] = []
        /// `-D` conditions of `pod_target_xcconfig` (`SWIFT_ACTIVE_COMPILATION_CONDITIONS`, `OTHER_SWIFT_FLAGS`).
        package var compilationConditions: [String] = []

        package init() {}

        /// `other`'s values added to these (each once, but file patterns).
        package mutating func merge(_ other: Attributes) {
            sourceFiles += other.sourceFiles
            excludeFiles += other.excludeFiles
            dependencies += other.dependencies.filter { !dependencies.contains($0) }
            frameworks += other.frameworks.filter { !frameworks.contains($0) }
            vendored += other.vendored
            compilationConditions += other.compilationConditions.filter { !compilationConditions.contains($0) }
        }
    }

    /// The full name: `KeychainAccess`, `Firebase/Messaging` for a subspec.
    package var name: String
    /// The root's version.
    package var version: String
    /// `module_name` (the root's); nil: the root's name as a C identifier.
    package var moduleName: String?
    /// The root's source.
    package var source: Source?
    /// Its own attributes.
    package var attributes = Attributes()
    /// Its subspecs (full names).
    package var subspecs: [Podspec] = []
    /// `default_subspecs`, short names; empty: all of them.
    package var defaultSubspecs: [String] = []
    /// `swift_versions` (and `swift_version`).
    package var swiftVersions: [String] = []
    /// `platforms` and `deployment_target`s: `ios` → `12.0`.
    package var platforms: [String: String] = [:]

    /// The root spec's name.
    package var rootName: String { Self.root(of: name) }

    /// The module the pod gives: `module_name`, else the root's name as a C identifier.
    package var module: String { moduleName ?? PodStandIns.defaultModule(for: rootName) }

    /// The root's name of a pod or subspec name.
    package static func root(of name: String) -> String {
        name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name
    }

    // MARK: Reading

    /// The spec in `file`: `NAME.podspec.json` or a Ruby `NAME.podspec`.
    package init(contentsOf file: URL) throws(PodspecError) {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw PodspecError(file: file.path, message: "cannot be read")
        }
        if file.pathExtension == "json" {
            try self.init(json: data, file: file.path)
        } else {
            try self.init(ruby: String(decoding: data, as: UTF8.self), file: file.path)
        }
    }

    /// A `.podspec.json`.
    package init(json data: Data, file: String) throws(PodspecError) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw PodspecError(file: file, message: "is not a JSON object (a .podspec.json as `pod ipc spec` writes it)")
        }
        try self.init(dictionary: object, file: file)
    }

    /// A Ruby `.podspec`, read for its literal values (`PodspecRubyReader`).
    package init(ruby text: String, file: String) throws(PodspecError) {
        try self.init(dictionary: try PodspecRubyReader.read(text, file: file), file: file)
    }

    /// The spec from its JSON form (what both readers give).
    init(dictionary: [String: Any], file: String) throws(PodspecError) {
        guard let name = dictionary["name"] as? String, !name.isEmpty else {
            throw PodspecError(file: file, message: "names no pod (\"name\")")
        }
        guard let version = Self.text(dictionary["version"]) else {
            throw PodspecError(file: file, message: "gives pod \(name) no version (\"version\")")
        }
        self.init(dictionary: dictionary, name: name, version: version)
    }

    private init(dictionary: [String: Any], name: String, version: String) {
        self.name = name
        self.version = version
        moduleName = dictionary["module_name"] as? String
        if let source = dictionary["source"] as? [String: Any] {
            self.source = Source(
                git: source["git"] as? String, tag: Self.text(source["tag"]), commit: source["commit"] as? String,
                branch: source["branch"] as? String, submodules: source["submodules"] as? Bool ?? false,
                http: source["http"] as? String)
        }
        attributes = Self.attributes(dictionary)
        if let ios = dictionary["ios"] as? [String: Any] { attributes.merge(Self.attributes(ios)) }
        defaultSubspecs = Self.strings(dictionary["default_subspecs"]) + Self.strings(dictionary["default_subspec"])
        swiftVersions = Self.strings(dictionary["swift_versions"]) + Self.strings(dictionary["swift_version"])
        for (platform, target) in dictionary["platforms"] as? [String: Any] ?? [:] {
            platforms[platform] = Self.text(target) ?? ""
        }
        subspecs = (dictionary["subspecs"] as? [[String: Any]] ?? []).compactMap { subspec in
            guard let short = subspec["name"] as? String else { return nil }
            var spec = Podspec(dictionary: subspec, name: "\(name)/\(short)", version: version)
            spec.moduleName = nil
            spec.source = nil
            return spec
        }
    }

    private static func attributes(_ dictionary: [String: Any]) -> Attributes {
        var attributes = Attributes()
        attributes.sourceFiles = strings(dictionary["source_files"])
        attributes.excludeFiles = strings(dictionary["exclude_files"])
        if let dependencies = dictionary["dependencies"] as? [String: Any] {
            attributes.dependencies = dependencies.keys.sorted()
        }
        attributes.frameworks = strings(dictionary["frameworks"])
        attributes.vendored = strings(dictionary["vendored_frameworks"]) + strings(dictionary["vendored_libraries"])
        if let settings = dictionary["pod_target_xcconfig"] as? [String: Any] {
            let conditions = (text(settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"]) ?? "").split(separator: " ").map(String.init)
            let flags = (text(settings["OTHER_SWIFT_FLAGS"]) ?? "").split(separator: " ").map(String.init)
            var defined: [String] = []
            for (index, flag) in flags.enumerated() {
                if flag == "-D", index + 1 < flags.count { defined.append(flags[index + 1]) }
                if flag.hasPrefix("-D"), flag.count > 2 { defined.append(String(flag.dropFirst(2))) }
            }
            attributes.compilationConditions = (conditions + defined).filter { $0 != "$(inherited)" }
        }
        return attributes
    }

    private static func strings(_ value: Any?) -> [String] {
        if let text = text(value) { return [text] }
        return (value as? [Any])?.compactMap(text) ?? []
    }

    private static func text(_ value: Any?) -> String? {
        if let string = value as? String { return string }
        if let number = value as? NSNumber, !(value is Bool) { return number.stringValue }
        return nil
    }

    // MARK: Choosing

    /// What a target gets of the pod: the specs `requested` (short subspec names, `Core` for
    /// `pod 'X/Core'`; empty for `pod 'X'`: the root with its default subspecs, else all of
    /// them) and the subspecs they depend on, their file patterns, and their and their parents'
    /// dependencies on other pods.
    package func selection(_ requested: Set<String>) -> Selection {
        var chosen: [Podspec] = []
        var seen = Set<String>()
        func choose(_ spec: Podspec) {
            guard seen.insert(spec.name).inserted else { return }
            chosen.append(spec)
            // A spec with subspecs brings its default ones, else all (test specs are not subspecs here).
            if !spec.subspecs.isEmpty {
                let defaults = spec.defaultSubspecs
                for subspec in spec.subspecs where defaults.isEmpty || defaults.contains(Self.shortName(subspec.name, in: spec.name)) {
                    choose(subspec)
                }
            }
            for dependency in inheritedDependencies(of: spec.name) where Self.root(of: dependency) == name {
                if let own = self.spec(named: dependency) { choose(own) }
            }
        }
        if requested.isEmpty {
            choose(self)
        } else {
            for short in requested.sorted() {
                if let subspec = spec(named: "\(name)/\(short)") { choose(subspec) }
            }
        }
        var merged = Attributes()
        for spec in chosen {
            var own = spec.attributes
            own.dependencies = inheritedDependencies(of: spec.name)
            own.frameworks = inherited(\.frameworks, of: spec.name)
            own.compilationConditions = inherited(\.compilationConditions, of: spec.name)
            merged.merge(own)
        }
        merged.dependencies = merged.dependencies.filter { Self.root(of: $0) != name }
        return Selection(specs: chosen.map(\.name), attributes: merged)
    }

    /// The specs chosen and what they give together.
    package struct Selection: Sendable, Equatable {
        /// Full names, root first when chosen.
        package let specs: [String]
        /// Their file patterns, dependencies on other pods, frameworks, binaries and conditions.
        package let attributes: Attributes

        package init(specs: [String], attributes: Attributes) {
            self.specs = specs
            self.attributes = attributes
        }
    }

    /// The spec (root or subspec at any depth) of full name `full`.
    package func spec(named full: String) -> Podspec? {
        if full == name { return self }
        for subspec in subspecs where full == subspec.name || full.hasPrefix(subspec.name + "/") {
            return subspec.spec(named: full)
        }
        return nil
    }

    /// The specs from the root down to `full`.
    private func lineage(of full: String) -> [Podspec] {
        var specs: [Podspec] = [self]
        var current = self
        while current.name != full, let next = current.subspecs.first(where: { full == $0.name || full.hasPrefix($0.name + "/") }) {
            specs.append(next)
            current = next
        }
        return specs
    }

    private func inheritedDependencies(of full: String) -> [String] { inherited(\.dependencies, of: full) }

    private func inherited(_ path: KeyPath<Attributes, [String]>, of full: String) -> [String] {
        var values: [String] = []
        for spec in lineage(of: full) { values += spec.attributes[keyPath: path].filter { !values.contains($0) } }
        return values
    }

    private static func shortName(_ full: String, in parent: String) -> String {
        full.hasPrefix(parent + "/") ? String(full.dropFirst(parent.count + 1)) : full
    }
}

/// A podspec nsesim cannot read: the file and what is wrong.
package struct PodspecError: Error, Sendable, Equatable, CustomStringConvertible {
    package let file: String
    package let message: String

    package init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    package var description: String { "\(file): \(message)" }
}
