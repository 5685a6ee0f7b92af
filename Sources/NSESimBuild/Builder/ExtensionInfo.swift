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
    /// The class to instantiate, without its module: `NotificationService`. A content
    /// extension with a main storyboard names it in the storyboard: empty here until the
    /// folder reads it.
    package internal(set) var principalClassName: String
    /// A content extension's `NSExtensionMainStoryboard` (a name without `.storyboard`).
    package let mainStoryboard: String?
    /// A content extension's `NSExtensionAttributes`.
    package let contentAttributes: ContentExtensionAttributes?
    /// The bundle identifier, as expanded.
    package let bundleIdentifier: String?
    /// The Info.plist with every build setting expanded, as Xcode puts it into the bundle
    /// (an XML property list).
    package let expandedPlist: Data
    /// The `$(NAME)`s no build setting gave, expanded to nothing (one build warning).
    package private(set) var undefinedSettings = UndefinedBuildSettings()

    /// Reads the Info.plist at `url`, expanding build settings with `settings`.
    package init(contentsOf url: URL, settings: BuildSettings) throws(ExtensionError) {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw .missingInfoPlist(folder: url.deletingLastPathComponent().path)
        }
        try self.init(written: try Self.written(at: url), path: url.path, settings: settings)
    }

    /// The dictionary of the property list at `url`, as written (nothing expanded).
    package static func written(at url: URL) throws(ExtensionError) -> [String: Any] {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: try Data(contentsOf: url), format: nil)
        } catch {
            throw .badInfoPlist(path: url.path, message: "not a property list: \(error.localizedDescription)")
        }
        guard let written = plist as? [String: Any] else {
            throw .badInfoPlist(path: url.path, message: "the property list is not a dictionary")
        }
        return written
    }

    /// An Info.plist as written (`path` names it in errors), expanded with `settings` as
    /// Xcode expands it: an undefined `$(NAME)` is empty (`undefinedSettings`, one build
    /// warning), except in the keys the extension needs to run, where it is an error.
    package init(written: [String: Any], path: String, settings: BuildSettings) throws(ExtensionError) {
        let principalAsWritten = (written["NSExtension"] as? [String: Any])?["NSExtensionPrincipalClass"] as? String
        var undefined = UndefinedBuildSettings()
        guard var root = try settings.expand(plist: written, where: path, undefined: &undefined) as? [String: Any] else {
            throw .badInfoPlist(path: path, message: "the property list is not a dictionary")
        }
        for key in Self.keysNeededToRun {
            let place = "\(path) > NSExtension > \(key)"
            if let name = undefined.names.first(where: { undefined.places[$0]?.contains(place) == true }) {
                throw .unknownBuildSetting(name: name, place: place)
            }
        }
        // Keys every built bundle has: Xcode's templates write them as variables and a generated
        // Info.plist adds them, so `Bundle.main.bundleIdentifier` is never nil on iOS.
        for (key, setting) in Self.bundleKeys where root[key] == nil {
            if let value = settings.values[setting] { root[key] = value }
        }
        try self.init(dictionary: root, path: path, principalAsWritten: principalAsWritten)
        undefinedSettings = undefined
    }

    /// The `NSExtension` keys whose value the extension needs to run: an undefined setting
    /// in them stays an error (elsewhere it is empty, as in Xcode).
    static let keysNeededToRun = ["NSExtensionPointIdentifier", "NSExtensionPrincipalClass"]

    /// The Info.plist keys of every bundle, with the build setting each comes from.
    static let bundleKeys: [(key: String, setting: String)] = [
        ("CFBundleIdentifier", "PRODUCT_BUNDLE_IDENTIFIER"), ("CFBundleExecutable", "EXECUTABLE_NAME"),
        ("CFBundleName", "PRODUCT_NAME"), ("CFBundlePackageType", "PRODUCT_BUNDLE_PACKAGE_TYPE"),
        ("CFBundleShortVersionString", "MARKETING_VERSION"), ("CFBundleVersion", "CURRENT_PROJECT_VERSION"),
        ("CFBundleDevelopmentRegion", "DEVELOPMENT_LANGUAGE"),
    ]

    /// Reads an Info.plist already parsed and expanded; `path` names it in errors,
    /// `principalAsWritten` is the principal class before expansion.
    package init(dictionary root: [String: Any], path: String, principalAsWritten: String? = nil) throws(ExtensionError) {
        guard let extensionInfo = root["NSExtension"] as? [String: Any] else {
            throw .badInfoPlist(
                path: path,
                message: "no NSExtension dictionary; add NSExtension with "
                    + "NSExtensionPointIdentifier = \(Self.serviceExtensionPoint) and NSExtensionPrincipalClass")
        }
        guard let point = extensionInfo["NSExtensionPointIdentifier"] as? String else {
            throw .badInfoPlist(
                path: path,
                message: "NSExtension has no NSExtensionPointIdentifier string; "
                    + "a service extension has \(Self.serviceExtensionPoint)")
        }
        guard let extensionPoint = ExtensionPoint.named(point) else {
            throw .badInfoPlist(
                path: path,
                message: "NSExtensionPointIdentifier is \(point), "
                    + "not \(Self.serviceExtensionPoint) or \(ExtensionPoint.content.identifier): this is not a notification "
                    + "service or content extension")
        }
        let storyboard = extensionPoint == .content ? extensionInfo["NSExtensionMainStoryboard"] as? String : nil
        mainStoryboard = storyboard.flatMap { $0.isEmpty ? nil : $0 }
        contentAttributes =
            extensionPoint == .content
            ? try ContentExtensionAttributes(extensionInfo["NSExtensionAttributes"] as? [String: Any], path: path) : nil
        let principal: String
        if let named = extensionInfo["NSExtensionPrincipalClass"] as? String, !named.isEmpty {
            principal = named
        } else if mainStoryboard != nil {
            principal = ""
        } else if extensionPoint == .content {
            throw .badInfoPlist(
                path: path,
                message: "NSExtension has neither NSExtensionMainStoryboard nor NSExtensionPrincipalClass; "
                    + "Xcode writes NSExtensionMainStoryboard = MainInterface (a view built in code names its class in "
                    + "NSExtensionPrincipalClass = $(PRODUCT_MODULE_NAME).\(extensionPoint.templateClass))")
        } else {
            throw .badInfoPlist(
                path: path,
                message: "NSExtension has no NSExtensionPrincipalClass string; "
                    + "Xcode writes $(PRODUCT_MODULE_NAME).\(extensionPoint.templateClass)")
        }
        let name = principal.split(separator: ".").last.map(String.init) ?? principal
        guard principal.isEmpty || Self.isIdentifier(name) else {
            throw .badInfoPlist(path: path, message: "NSExtensionPrincipalClass \(principal) does not name a Swift class")
        }
        self.point = extensionPoint
        principalClass = principalAsWritten ?? principal
        principalClassName = name
        bundleIdentifier = root["CFBundleIdentifier"] as? String
        do {
            expandedPlist = try PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)
        } catch {
            throw .badInfoPlist(path: path, message: "cannot be written back: \(error.localizedDescription)")
        }
    }

    /// The app an extension belongs to, from a literal `CFBundleIdentifier` in the Info.plist
    /// of the extension folder `folder`: the identifier without its last component
    /// (`com.acme.chat.NotificationService` → `com.acme.chat`); nil when the plist has none,
    /// or one made of build settings (`$(PRODUCT_BUNDLE_IDENTIFIER)`).
    package static func appIdentifier(inPlistOf folder: String) -> String? {
        let url = URL(fileURLWithPath: folder).appendingPathComponent("Info.plist")
        guard let data = try? Data(contentsOf: url),
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
            let identifier = plist["CFBundleIdentifier"] as? String, !identifier.contains("$")
        else { return nil }
        let parts = identifier.split(separator: ".")
        return parts.count >= 2 ? parts.dropLast().joined(separator: ".") : nil
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}
