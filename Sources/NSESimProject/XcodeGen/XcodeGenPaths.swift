import Foundation

/// The paths of an included spec, made relative to the including spec's folder (XcodeGen's
/// `relativePaths`): sources, config files, Info.plist and entitlements paths, local packages.
package enum XcodeGenPaths {
    package static func rebased(_ spec: SpecValue, from folder: URL, to base: URL) -> SpecValue {
        let prefix = relative(folder, to: base)
        guard !prefix.isEmpty, let entries = spec.mapping else { return spec }
        func path(_ value: SpecValue) -> SpecValue {
            guard let text = value.text, !text.hasPrefix("/"), !text.hasPrefix("$") else { return value }
            return SpecValue(.string(prefix + text), line: value.line)
        }
        func mapValues(_ value: SpecValue, _ transform: (String, SpecValue) -> SpecValue) -> SpecValue {
            guard let entries = value.mapping else { return value }
            return SpecValue(.mapping(entries.map { ($0.key, transform($0.key, $0.value)) }), line: value.line)
        }
        func source(_ value: SpecValue) -> SpecValue {
            value.text != nil ? path(value) : mapValues(value) { $0 == "path" ? path($1) : $1 }
        }
        func target(_ value: SpecValue) -> SpecValue {
            mapValues(value) { key, item in
                switch key {
                case "sources": SpecValue(.sequence((item.sequence ?? [item]).map(source)), line: item.line)
                case "configFiles": mapValues(item) { path($1) }
                case "info", "entitlements": mapValues(item) { $0 == "path" ? path($1) : $1 }
                default: item
                }
            }
        }
        return SpecValue(
            .mapping(
                entries.map { key, value in
                    switch key {
                    case "targets": (key, mapValues(value) { target($1) })
                    case "configFiles": (key, mapValues(value) { path($1) })
                    case "packages": (key, mapValues(value) { mapValues($1) { $0 == "path" ? path($1) : $1 } })
                    default: (key, value)
                    }
                }), line: spec.line)
    }

    /// `folder`'s path from `base`, ending in `/` (`../Shared/`); empty when they are the same.
    package static func relative(_ folder: URL, to base: URL) -> String {
        let from = base.standardizedFileURL.pathComponents
        let to = folder.standardizedFileURL.pathComponents
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
    }
}
