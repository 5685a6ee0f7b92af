import Foundation

/// What an extension's Info.plist says: which extension point it serves, and which class
/// to instantiate.
package struct ExtensionInfo: Sendable, Equatable {
    /// The extension point of notification service extensions.
    package static let serviceExtensionPoint = ExtensionPoint.service.identifier

    /// The extension point `NSExtensionPointIdentifier` names.
    package let point: ExtensionPoint

    /// The class name as written, e.g. `$(PRODUCT_MODULE_NAME).NotificationService`.
    package let principalClass: String
    /// The class to instantiate, without its module: `NotificationService`.
    package let principalClassName: String
    /// The bundle identifier, if the plist gives a literal one.
    package let bundleIdentifier: String?

    /// Reads the Info.plist at `url`.
    package init(contentsOf url: URL) throws(ExtensionError) {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else {
            throw .missingInfoPlist(folder: url.deletingLastPathComponent().path)
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: try Data(contentsOf: url), format: nil)
        } catch {
            throw .badInfoPlist(path: path, message: "not a property list: \(error.localizedDescription)")
        }
        guard let root = plist as? [String: Any] else {
            throw .badInfoPlist(path: path, message: "the property list is not a dictionary")
        }
        try self.init(dictionary: root, path: path)
    }

    /// Reads an Info.plist already parsed; `path` names it in errors.
    package init(dictionary root: [String: Any], path: String) throws(ExtensionError) {
        guard let extensionInfo = root["NSExtension"] as? [String: Any] else {
            throw .badInfoPlist(path: path, message: "no NSExtension dictionary; add NSExtension with "
                + "NSExtensionPointIdentifier = \(Self.serviceExtensionPoint) and NSExtensionPrincipalClass")
        }
        guard let point = extensionInfo["NSExtensionPointIdentifier"] as? String else {
            throw .badInfoPlist(path: path, message: "NSExtension has no NSExtensionPointIdentifier string; "
                + "a service extension has \(Self.serviceExtensionPoint)")
        }
        guard let extensionPoint = ExtensionPoint.named(point) else {
            throw .badInfoPlist(path: path, message: "NSExtensionPointIdentifier is \(point), "
                + "not \(Self.serviceExtensionPoint): this is not a notification service extension")
        }
        guard let principal = extensionInfo["NSExtensionPrincipalClass"] as? String, !principal.isEmpty else {
            throw .badInfoPlist(path: path, message: "NSExtension has no NSExtensionPrincipalClass string; "
                + "Xcode writes $(PRODUCT_MODULE_NAME).\(extensionPoint.templateClass)")
        }
        let name = principal.split(separator: ".").last.map(String.init) ?? principal
        guard Self.isIdentifier(name) else {
            throw .badInfoPlist(path: path, message: "NSExtensionPrincipalClass \(principal) does not name a Swift class")
        }
        self.point = extensionPoint
        principalClass = principal
        principalClassName = name
        let identifier = root["CFBundleIdentifier"] as? String
        bundleIdentifier = identifier.flatMap { $0.contains("$(") ? nil : $0 }
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}
