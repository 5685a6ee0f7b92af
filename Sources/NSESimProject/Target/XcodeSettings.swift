/// Xcode's own rules for build settings, wherever nsesim reads settings (a project's target,
/// an extension folder, a replay case): the defaults of an app extension target, the module
/// name a product name gives, and the `$(NAME:modifier)` modifiers.
package enum XcodeSettings {
    /// Xcode's defaults for an app-extension target named `targetName` of the app
    /// `appIdentifier` (`com.example.app`), as values (not `$(NAME)` references).
    /// `SWIFT_ENABLE_BARE_SLASH_REGEX` is on as in every project Xcode 14 and later creates
    /// (`/^data:(.*?);base64,(.*)$/` compiles in Swift 5 mode; Swift 6 has it always): a
    /// project or `--setting` that says `NO` turns it off.
    package static func defaults(targetName: String, appIdentifier: String) -> [String: String] {
        [
            "TARGET_NAME": targetName,
            "PRODUCT_NAME": targetName,
            "PRODUCT_MODULE_NAME": moduleName(for: targetName),
            "EXECUTABLE_NAME": targetName,
            "PRODUCT_BUNDLE_IDENTIFIER": appIdentifier + "." + apply("rfc1034identifier", to: targetName)!,
            "PRODUCT_BUNDLE_PACKAGE_TYPE": "XPC!",
            "DEVELOPMENT_LANGUAGE": "en",
            "MARKETING_VERSION": "1.0",
            "CURRENT_PROJECT_VERSION": "1",
            "WRAPPER_EXTENSION": "appex",
            bareSlashRegexSetting: "YES",
        ]
    }

    /// Xcode's defaults for a target `targetName` of a project, in Xcode's own terms
    /// (`PRODUCT_NAME = $(TARGET_NAME)`, …): the project's folder (`SRCROOT`), its name, the
    /// configuration.
    package static func defaults(
        targetName: String, appIdentifier: String, sourceRoot: String, projectName: String,
        configuration: String
    ) -> [String: String] {
        var values = defaults(targetName: targetName, appIdentifier: appIdentifier)
        values["PRODUCT_NAME"] = "$(TARGET_NAME)"
        values["PRODUCT_MODULE_NAME"] = "$(PRODUCT_NAME:c99extidentifier)"
        values["EXECUTABLE_NAME"] = "$(PRODUCT_NAME)"
        for key in ["SRCROOT", "PROJECT_DIR", "SOURCE_ROOT"] { values[key] = sourceRoot }
        values["PROJECT_NAME"] = projectName
        values["CONFIGURATION"] = configuration
        return values
    }

    /// The setting that lets Swift 5 code write bare `/regex/` literals (`-enable-bare-slash-regex`).
    package static let bareSlashRegexSetting = "SWIFT_ENABLE_BARE_SLASH_REGEX"

    /// The module a product (or folder) named `name` gives: `$(PRODUCT_NAME:c99extidentifier)`,
    /// every character but letters, digits and `_` an `_`, and `_` before a leading digit.
    package static func moduleName(for name: String) -> String {
        var module = String(
            name.unicodeScalars.map { scalar in
                scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) ? Character(scalar) : "_"
            })
        if module.isEmpty || module.first!.isNumber { module = "_" + module }
        return module
    }

    /// `value` through the setting modifier `modifier` (`$(NAME:modifier)`), for those
    /// Info.plist files and projects use; nil for a modifier nsesim does not know.
    package static func apply(_ modifier: String, to value: String) -> String? {
        switch modifier {
        case "rfc1034identifier":
            String(
                value.unicodeScalars.map { scalar in
                    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ".")
                        ? Character(scalar) : "-"
                })
        case "c99extidentifier", "identifier":
            moduleName(for: value)
        case "lower": value.lowercased()
        case "upper": value.uppercased()
        default: nil
        }
    }
}
