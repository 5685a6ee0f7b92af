import Crypto
import Foundation

extension XcodeGenTargetResolver {
    /// The target's `sources:`: files and folders (all below them but `excludes`, only
    /// `includes` when given), Swift compiled, other sources listed, the rest copied.
    func sources(
        of name: String, _ value: SpecValue
    ) throws(XcodeProjectError)
        -> (sources: [URL], skipped: [URL], resources: [ProjectTarget.Resource])
    {
        var sources: [URL] = []
        var resources: [ProjectTarget.Resource] = []
        let entries = value["sources"].map { $0.sequence ?? [$0] } ?? []
        for entry in entries {
            guard let relative = entry.text ?? entry["path"]?.text else {
                throw .badSpecValue(
                    path: spec.file.path, place: "targets.\(name).sources (line \(entry.line))",
                    message: "a source is a path, or a mapping with path:")
            }
            let root = url(relative)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
                if entry["optional"]?.bool == true { continue }
                throw .missingFile(project: spec.file.path, target: name, named: relative, resolved: root.path)
            }
            let phase = entry["buildPhase"]?.text
            if phase == "none" { continue }
            if !isDirectory.boolValue {
                Self.classify(root, bundlePath: root.lastPathComponent, phase: phase, sources: &sources, resources: &resources)
                continue
            }
            if entry["type"]?.text == "folder" {
                // A folder reference: copied whole into the bundle, nothing compiled.
                for file in FolderFiles.files(in: root) {
                    resources.append(.init(url: file, bundlePath: root.lastPathComponent + String(file.path.dropFirst(root.path.count))))
                }
                continue
            }
            let excludes = (entry["excludes"]?.sequence ?? []).compactMap(\.text).map(XcodeGenGlob.init)
            let includes = (entry["includes"]?.sequence ?? []).compactMap(\.text).map(XcodeGenGlob.init)
            for file in FolderFiles.files(in: root) {
                let inside = String(file.path.dropFirst(root.path.count + 1))
                if excludes.contains(where: { $0.matches(inside) }) { continue }
                if !includes.isEmpty && !includes.contains(where: { $0.matches(inside) }) { continue }
                if inside.split(separator: "/").contains(where: { $0.hasSuffix(".xcassets") }) { continue }
                let parent = file.deletingLastPathComponent().lastPathComponent
                Self.classify(
                    file, bundlePath: parent.hasSuffix(".lproj") ? "\(parent)/\(file.lastPathComponent)" : file.lastPathComponent,
                    phase: phase, sources: &sources, resources: &resources)
            }
        }
        let swift = Array(Set(sources.filter { $0.pathExtension == "swift" })).sorted { $0.path < $1.path }
        return (swift, sources.filter { $0.pathExtension != "swift" }, resources)
    }

    /// Where XcodeGen puts a file: sources compiled, headers and configuration left out, the
    /// rest copied (a `buildPhase:` says otherwise).
    private static func classify(
        _ file: URL, bundlePath: String, phase: String?, sources: inout [URL],
        resources: inout [ProjectTarget.Resource]
    ) {
        switch (phase, file.pathExtension) {
        case ("sources", _), (nil, "swift"), (nil, "m"), (nil, "mm"), (nil, "c"), (nil, "cpp"): sources.append(file)
        case ("resources", _): resources.append(.init(url: file, bundlePath: bundlePath))
        case (_, "entitlements"), (_, "xcconfig"), (_, "md"), (_, "h"), (_, "modulemap"): break
        default:
            if file.lastPathComponent == "Info.plist" || file.lastPathComponent == ".DS_Store" { break }
            resources.append(.init(url: file, bundlePath: bundlePath))
        }
    }

    /// The target's Info.plist: `info:` (its file with `properties:` over XcodeGen's defaults,
    /// written to nsesim's temporary folder, as XcodeGen writes it at `path:`), else `INFOPLIST_FILE`.
    func infoPlist(of name: String, _ value: SpecValue, settings: [String: String]) throws(XcodeProjectError) -> URL? {
        if let info = value["info"] {
            let file = info["path"]?.text.map(url)
            let properties = info["properties"]?.plistValue as? [String: Any] ?? [:]
            if let file, properties.isEmpty, FileManager.default.fileExists(atPath: file.path) { return file }
            let defaults: [String: Any] = [
                "CFBundleDevelopmentRegion": "$(DEVELOPMENT_LANGUAGE)", "CFBundleExecutable": "$(EXECUTABLE_NAME)",
                "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)", "CFBundleInfoDictionaryVersion": "6.0",
                "CFBundleName": "$(PRODUCT_NAME)", "CFBundlePackageType": "$(PRODUCT_BUNDLE_PACKAGE_TYPE)",
                "CFBundleShortVersionString": "1.0", "CFBundleVersion": "1",
            ]
            return try generated(
                Self.merge(defaults, file: file, properties: properties), named: "Info.plist", for: name,
                place: "targets.\(name).info")
        }
        guard let setting = settings["INFOPLIST_FILE"], !setting.isEmpty else { return nil }
        let file = url(setting)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw .missingFile(project: spec.file.path, target: name, named: "INFOPLIST_FILE = \(setting)", resolved: file.path)
        }
        return file
    }

    /// The target's entitlements file: `entitlements:` (with its `properties:`), else `CODE_SIGN_ENTITLEMENTS`.
    func entitlements(of name: String, _ value: SpecValue, settings: [String: String]) throws(XcodeProjectError) -> URL? {
        let properties = value["entitlements"]?["properties"]?.plistValue as? [String: Any] ?? [:]
        let setting = settings["CODE_SIGN_ENTITLEMENTS"].flatMap { $0.isEmpty ? nil : $0 }
        guard let setting else { return nil }
        let file = url(setting)
        if !properties.isEmpty {
            return try generated(
                Self.merge([:], file: file, properties: properties), named: file.lastPathComponent, for: name,
                place: "targets.\(name).entitlements")
        }
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw .missingFile(project: spec.file.path, target: name, named: "CODE_SIGN_ENTITLEMENTS = \(setting)", resolved: file.path)
        }
        return file
    }

    /// `base`, then the property list at `file` when there is one, then `properties`
    /// (dictionaries merged one level down, as XcodeGen merges them).
    private static func merge(_ base: [String: Any], file: URL?, properties: [String: Any]) -> [String: Any] {
        var result = base
        if let file, let data = FileManager.default.contents(atPath: file.path),
            let written = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
        {
            result.merge(written) { _, new in new }
        }
        for (key, value) in properties {
            if let old = result[key] as? [String: Any], let new = value as? [String: Any] {
                result[key] = old.merging(new) { _, given in given }
            } else {
                result[key] = value
            }
        }
        return result
    }

    /// `plist` written once, by its content, under nsesim's temporary folder.
    private func generated(
        _ plist: [String: Any], named file: String, for target: String,
        place: String
    ) throws(XcodeProjectError) -> URL {
        let data: Data
        do {
            data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        } catch {
            throw .badSpecValue(
                path: spec.file.path, place: place, message: "properties: are not a property list (\(error.localizedDescription))")
        }
        let digest = SHA256.hash(data: data + Data(spec.file.path.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-xcodegen/\(target)-\(digest)")
        let url = folder.appendingPathComponent(file)
        if FileManager.default.contents(atPath: url.path) == data { return url }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw .badSpecValue(
                path: spec.file.path, place: place,
                message: "cannot write the generated \(file) to \(url.path): \(error.localizedDescription)")
        }
        return url
    }
}
