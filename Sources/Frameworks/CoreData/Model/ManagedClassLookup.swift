import Foundation

/// Finds the Swift class a model names (`representedClassName`) without the Objective-C
/// runtime: by its module-qualified name, in the module the name gives (`Module.Item`) or in
/// the extension's own (the module of its Info.plist's `NSExtensionPrincipalClass`).
enum ManagedClassLookup {
    static func find(_ className: String) -> NSManagedObject.Type? {
        guard !className.isEmpty, className != "NSManagedObject" else { return nil }
        let bare = className.split(separator: ".").last.map(String.init) ?? className
        var candidates: [String] = []
        if className.contains("."), !className.hasPrefix(".") { candidates.append(className) }
        candidates += modules.map { "\($0).\(bare)" }
        for candidate in candidates {
            if let type = _typeByName(candidate) as? NSManagedObject.Type { return type }
        }
        return nil
    }

    /// The extension's module, from the principal class's qualified name in the bundle's Info.plist.
    static let modules: [String] = {
        guard let point = Bundle.main.object(forInfoDictionaryKey: "NSExtension") as? [String: Any],
            let principal = point["NSExtensionPrincipalClass"] as? String, let dot = principal.firstIndex(of: ".")
        else { return [] }
        return [String(principal[..<dot])]
    }()
}
