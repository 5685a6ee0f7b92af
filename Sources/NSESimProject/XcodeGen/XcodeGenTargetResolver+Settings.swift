import Foundation

extension XcodeGenTargetResolver {
    /// The configurations (`configs:`, Debug and Release by default), each with its type.
    var configurations: [(name: String, type: String)] {
        let listed = (spec.root["configs"]?.mapping ?? []).map { ($0.key, $0.value.text ?? "") }
        return listed.isEmpty ? [("Debug", "debug"), ("Release", "release")] : listed
    }

    /// The configuration's name and the target's settings, layered as XcodeGen has Xcode
    /// layer them: Xcode's defaults, the project's config file and settings, the target's
    /// config file and settings, then `--setting`.
    func settings(
        of name: String, _ value: SpecValue, configuration wanted: String?,
        warnings: inout [String]
    ) throws(XcodeProjectError) -> (String, [String: String]) {
        let names = configurations.map(\.name)
        let configuration = wanted ?? (names.contains("Debug") ? "Debug" : configurations.first { $0.type == "debug" }?.name ?? names[0])
        guard names.contains(configuration) else {
            throw .noSuchConfiguration(project: spec.file.path, target: name, name: configuration, configurations: names)
        }
        var defaults = XcodeSettings.defaults(
            targetName: name, appIdentifier: context.appIdentifier, sourceRoot: spec.folder.path,
            projectName: spec.name, configuration: configuration)
        // options.bundleIdPrefix: XcodeGen gives each target PRODUCT_BUNDLE_IDENTIFIER = prefix.name.
        if let prefix = spec.root["options"]?["bundleIdPrefix"]?.text {
            defaults["PRODUCT_BUNDLE_IDENTIFIER"] = "\(prefix).\(name)"
        }
        var layers = BuildSettingsLayers(defaults: defaults)
        for (owner, level) in [("the project", spec.root), ("target \(name)", value)] {
            if let file = level["configFiles"]?[configuration]?.text {
                let url = url(file)
                if FileManager.default.fileExists(atPath: url.path) {
                    var found: [String] = []
                    layers.apply(try XCConfigFile.assignments(at: url, warnings: &found))
                    warnings += found
                } else {
                    let place = "\(spec.file.lastPathComponent): configFiles of \(owner) (\(configuration))"
                    warnings.append(XCConfigFile.missingWarning(file, includedFrom: place))
                }
            }
            if let settings = level["settings"] {
                // One level, as XcodeGen writes one buildSettings per configuration: a configs: value replaces the
                // base: one, and $(inherited) in either is the level below.
                let level = try assignments(settings, configuration: configuration, place: "settings of \(owner)")
                var last: [String: Int] = [:]
                for (index, assignment) in level.enumerated() { last[assignment.name] = index }
                layers.apply(level.enumerated().filter { last[$0.element.name] == $0.offset }.map(\.element))
            }
        }
        // XcodeGen writes INFOPLIST_FILE and CODE_SIGN_ENTITLEMENTS for info: and entitlements: paths.
        if let info = value["info"]?["path"]?.text, layers.values["INFOPLIST_FILE"] == nil { layers.assign("INFOPLIST_FILE", info) }
        if let file = value["entitlements"]?["path"]?.text, layers.values["CODE_SIGN_ENTITLEMENTS"] == nil {
            layers.assign("CODE_SIGN_ENTITLEMENTS", file)
        }
        for (setting, given) in context.settings.sorted(by: { $0.key < $1.key }) { layers.assign(setting, given) }
        let team = layers.expanding("$(DEVELOPMENT_TEAM)")
        for key in ["AppIdentifierPrefix", "TeamIdentifierPrefix"] where !team.isEmpty && layers.values[key] == nil {
            layers.assign(key, team + ".")
        }
        return (configuration, layers.expanded)
    }

    /// The assignments of a `settings:` value for `configuration`: its `groups` (setting
    /// groups of the spec), `base`, then the `configs` entry whose name matches; a mapping
    /// without those keys is the settings themselves.
    private func assignments(
        _ settings: SpecValue, configuration: String, place: String,
        depth: Int = 0
    ) throws(XcodeProjectError) -> [(name: String, value: String)] {
        guard let entries = settings.mapping else {
            throw .badSpecValue(path: spec.file.path, place: "\(place) (line \(settings.line))", message: "settings are a mapping")
        }
        let structured = entries.contains { ["base", "configs", "groups"].contains($0.key) }
        guard structured else { return Self.plain(settings) }
        var result: [(name: String, value: String)] = []
        for group in settings["groups"]?.sequence?.compactMap(\.text) ?? [] where depth < 8 {
            guard let groupValue = spec.root["settingGroups"]?[group] ?? spec.root["settingPresets"]?[group] else {
                throw .badSpecValue(
                    path: spec.file.path, place: "\(place): groups", message: "no setting group named \(group) in settingGroups:")
            }
            result += try assignments(groupValue, configuration: configuration, place: "settingGroups.\(group)", depth: depth + 1)
        }
        if let base = settings["base"] { result += Self.plain(base) }
        let configs = settings["configs"]?.mapping ?? []
        // XcodeGen matches a configs: key with the configuration's name, regardless of case.
        for (key, config) in configs where key.lowercased() == configuration.lowercased() {
            result += Self.plain(config)
        }
        return result
    }

    /// A mapping of build settings: lists joined as Xcode joins them, bools as YES / NO.
    private static func plain(_ value: SpecValue) -> [(name: String, value: String)] {
        let dictionary = Dictionary(
            (value.mapping ?? []).map { key, item -> (String, PlistValue) in
                if let items = item.sequence { return (key, .array(items.map { .string($0.text ?? "") })) }
                return (key, .string(item.text ?? ""))
            }, uniquingKeysWith: { _, last in last })
        return BuildSettingsLayers.assignments(from: dictionary)
    }
}
