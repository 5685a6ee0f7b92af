import Foundation
import NSESimProject
import NSESimStore

/// Xcode build settings, as far as an extension's Info.plist uses them: Xcode expands
/// `$(NAME)` and `${NAME}` in the Info.plist from the target's build settings before the
/// plist reaches the device, and nsesim does the same (docs/behaviour.md#build-variables).
package struct BuildSettings: Sendable, Equatable {
    /// The settings by name.
    package private(set) var values: [String: String]

    /// The app whose extension this is when nothing says: `com.example.app`.
    package static let defaultAppIdentifier = AppData.defaultBundleIdentifier

    /// Xcode's defaults for an app-extension target named `targetName` (the extension
    /// folder's name) of the app `appIdentifier`, with `explicit` settings on top
    /// (`--setting NAME=VALUE`, a replay case's `settings`).
    package init(
        targetName: String, appIdentifier: String = BuildSettings.defaultAppIdentifier,
        explicit: [String: String] = [:]
    ) {
        values = XcodeSettings.defaults(targetName: targetName, appIdentifier: appIdentifier)
        values.merge(explicit) { $1 }
        // A product name set by hand carries into the names Xcode derives from it.
        if let name = explicit["PRODUCT_NAME"] {
            if explicit["PRODUCT_MODULE_NAME"] == nil { values["PRODUCT_MODULE_NAME"] = XcodeSettings.moduleName(for: name) }
            if explicit["EXECUTABLE_NAME"] == nil { values["EXECUTABLE_NAME"] = name }
        }
    }

    /// Settings already merged and expanded (an Xcode project's target: `ProjectTarget.settings`).
    package init(values: [String: String]) {
        self.values = values
    }

    /// `NAME=VALUE` as given on the command line; nil when it is not that form.
    package static func parse(_ assignment: String) -> (name: String, value: String)? {
        guard let equals = assignment.firstIndex(of: "=") else { return nil }
        let name = String(assignment[..<equals])
        guard isName(name) else { return nil }
        return (name, String(assignment[assignment.index(after: equals)...]))
    }

    /// `text` with every `$(NAME)`, `${NAME}` and `$(NAME:modifier)` replaced; a name no
    /// setting gives is an error. `where` names the place for the error: the file and the key.
    package func expand(_ text: String, where place: String) throws(ExtensionError) -> String {
        var undefined = UndefinedBuildSettings()
        let expanded = try expand(text, where: place, undefined: &undefined)
        if let name = undefined.names.first { throw .unknownBuildSetting(name: name, place: place) }
        return expanded
    }

    /// `text` expanded as Xcode expands it: a name no setting gives is the empty string, and
    /// is noted in `undefined`; an unknown modifier is an error.
    package func expand(_ text: String, where place: String, undefined: inout UndefinedBuildSettings) throws(ExtensionError) -> String {
        guard text.contains("$") else { return text }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex, let close = Self.closing(of: rest[afterDollar]),
                let end = rest[afterDollar...].firstIndex(of: close)
            else {
                result.append("$")
                rest = rest[afterDollar...]
                continue
            }
            let inner = rest[rest.index(after: afterDollar)..<end]
            let parts = inner.split(separator: ":", maxSplits: 1).map(String.init)
            let name = parts.first ?? ""
            let value: String
            if let known = values[name] {
                value = known
            } else {
                undefined.add(name, at: place)
                value = ""
            }
            if parts.count == 2 {
                guard let modified = XcodeSettings.apply(parts[1], to: value) else {
                    throw .unknownBuildSetting(name: "\(name):\(parts[1])", place: place)
                }
                result += modified
            } else {
                result += value
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// A property list with every string expanded (keys are left as they are); undefined
    /// names are empty and noted in `undefined`, with their places.
    package func expand(plist value: Any, where place: String, undefined: inout UndefinedBuildSettings) throws(ExtensionError) -> Any {
        switch value {
        case let text as String:
            return try expand(text, where: place, undefined: &undefined)
        case let dictionary as [String: Any]:
            var expanded: [String: Any] = [:]
            // Sorted keys: the places of an undefined name come in the same order every run.
            for key in dictionary.keys.sorted() {
                expanded[key] = try expand(plist: dictionary[key]!, where: "\(place) > \(key)", undefined: &undefined)
            }
            return expanded
        case let array as [Any]:
            var expanded: [Any] = []
            for (index, item) in array.enumerated() {
                expanded.append(try expand(plist: item, where: "\(place)[\(index)]", undefined: &undefined))
            }
            return expanded
        default:
            return value
        }
    }

    private static func closing(of open: Character) -> Character? {
        switch open {
        case "(": ")"
        case "{": "}"
        default: nil
        }
    }

    private static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
