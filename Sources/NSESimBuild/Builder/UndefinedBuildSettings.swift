import Foundation

/// The `$(NAME)`s of an Info.plist that no build setting gives. Xcode expands an undefined
/// setting to the empty string and builds; nsesim does the same and says so once, listing
/// every such name (sorted, so each run says the same) and the `--setting` that gives it.
/// Only a value the extension needs to run (its extension point, its principal class) is an
/// error (`ExtensionInfo`).
package struct UndefinedBuildSettings: Sendable, Equatable {
    /// Each undefined name, with the places (`Info.plist > Key`) that use it, in order.
    package private(set) var places: [String: [String]] = [:]

    package init() {}

    /// Whether no name was undefined.
    package var isEmpty: Bool { places.isEmpty }

    /// The undefined names, sorted.
    package var names: [String] { places.keys.sorted() }

    /// Notes that `name` is undefined where `place` uses it.
    package mutating func add(_ name: String, at place: String) {
        if places[name]?.contains(place) != true { places[name, default: []].append(place) }
    }

    /// The one warning: what was expanded to nothing, where, and the flags that give values.
    /// `file` names the Info.plist (a path relative to the folder or project).
    package func warning(file: String) -> String? {
        guard !isEmpty else { return nil }
        let listed = names.map { name in
            let keys = (places[name] ?? []).map { place in place.components(separatedBy: " > ").dropFirst().joined(separator: " > ") }
                .filter { !$0.isEmpty }
            return "$(\(name))" + (keys.isEmpty ? "" : " (\(keys.joined(separator: ", ")))")
        }
        let flags = names.map { "--setting \($0)=VALUE" }.joined(separator: " ")
        return "\(file): \(listed.joined(separator: ", ")) \(names.count == 1 ? "is not a build setting" : "are not build settings") "
            + "nsesim knows: expanded to an empty string, as Xcode expands an undefined setting; give "
            + "\(names.count == 1 ? "a value" : "values") with \(flags) (a replay case: \"settings\" in its options)"
    }
}
