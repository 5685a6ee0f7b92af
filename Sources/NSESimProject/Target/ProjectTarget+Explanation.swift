import Foundation

extension ProjectTarget {
    /// The settings `--explain` shows: those a build of an extension uses.
    static let explainedSettings = [
        "PRODUCT_NAME", "PRODUCT_MODULE_NAME", "PRODUCT_BUNDLE_IDENTIFIER", "INFOPLIST_FILE",
        "GENERATE_INFOPLIST_FILE", "SWIFT_VERSION", "SWIFT_ACTIVE_COMPILATION_CONDITIONS",
        "OTHER_SWIFT_FLAGS", "CODE_SIGN_ENTITLEMENTS",
    ]

    /// The resolved target for people (`nsesim build --project … --explain`).
    package var explanation: String {
        var lines = [
            "Project   \(project.url.path)",
            "Target    \(name) (\(productType.replacingOccurrences(of: "com.apple.product-type.", with: ""))), "
                + "configuration \(configuration)",
            "Sources (\(sources.count))",
        ]
        lines += sources.map { "  \(relativePath(of: $0))" }
        lines += skippedSources.map { "  \(relativePath(of: $0))  (not Swift: not compiled)" }
        if !resources.isEmpty {
            lines.append("Resources (\(resources.count))")
            lines += resources.map { "  \(relativePath(of: $0.url)) → \($0.bundlePath)" }
        }
        let written = infoPlist.map(relativePath).map { path in
            // An XcodeGen target's info: properties are written, as XcodeGen writes them, to nsesim's temporary folder.
            path.hasPrefix("/") && project.url.pathExtension != "xcodeproj"
                ? "\(settings["INFOPLIST_FILE"] ?? "Info.plist") (generated from \(project.url.lastPathComponent)'s info: at \(path))"
                : path
        }
        lines.append("Info.plist \(written ?? "none")\(generatesInfoPlist ? " + generated from INFOPLIST_KEY_* settings" : "")")
        lines.append("Settings")
        let shown = Self.explainedSettings + settings.keys.filter { $0.hasPrefix("INFOPLIST_KEY_") }.sorted()
        lines += shown.compactMap { key in settings[key].map { "  \(key) = \($0)" } }
        if !compilationConditions.isEmpty { lines.append("  -D \(compilationConditions.joined(separator: " -D "))") }
        if let entitlements {
            let path = relativePath(of: entitlements.file)
            lines.append(
                "Entitlements "
                    + (path.hasPrefix("/") && project.url.pathExtension != "xcodeproj"
                        ? "\(settings["CODE_SIGN_ENTITLEMENTS"] ?? path) (generated from \(project.url.lastPathComponent)'s entitlements: at \(path))"
                        : path))
            lines.append("  app groups: \(entitlements.appGroups.isEmpty ? "none" : entitlements.appGroups.joined(separator: ", "))")
            if !entitlements.keychainGroups.isEmpty {
                lines.append("  keychain access groups: \(entitlements.keychainGroups.joined(separator: ", "))")
            }
            if entitlements.communication { lines.append("  \(ProjectEntitlements.communicationKey)") }
            if entitlements.filtering { lines.append("  \(ProjectEntitlements.filteringKey)") }
        } else {
            lines.append("Entitlements none")
        }
        if !packages.isEmpty {
            lines.append("Packages")
            lines += packages.map { "  \(relativePath(of: $0))" }
        }
        if !remotePackages.isEmpty {
            lines.append("Remote packages (built with SwiftPM at their pins)")
            lines += remotePackages.map { package in
                let unpinned: Bool
                if case .revision = package.requirement { unpinned = false } else { unpinned = true }
                return "  \(package.products.joined(separator: ", ")) from \(package.label)"
                    + (unpinned ? ": no Package.resolved pins it; resolved from the project's rule, as Xcode does" : "")
            }
        }
        if let pods {
            lines.append("Pods (\(pods.podfile), target \(pods.target))")
            lines += pods.pods.map {
                "  \($0.name)\($0.version.map { " \($0)" } ?? "")"
                    + ($0.standIn.map { " → nsesim's \($0)" }
                        ?? ($0.folder != nil
                            ? " (a development pod: module \($0.module), built from its Swift sources)"
                            : " (module \($0.module): built from its sources at this version; your Modules/\($0.module)/ or --package wins)"))
            }
        }
        if !standIns.isEmpty {
            lines.append("Stand-ins (package products nsesim provides, linked when imported)")
            lines += standIns.map { "  \($0.product)\($0.package.map { " from \($0)" } ?? "")" }
        }
        if !frameworks.isEmpty {
            lines.append("Frameworks (targets of the project, built as modules)")
            lines += frameworks.map { "  \($0.moduleName) (target \($0.target), \($0.sources.count) file(s))" }
        }
        if !warnings.isEmpty {
            lines.append("Warnings")
            lines += warnings.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
