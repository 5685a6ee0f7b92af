import Foundation
import NSESimProject

/// An extension's sources as a build takes them: a folder of Swift sources and an
/// Info.plist, or a target of an Xcode project (`ProjectTarget`), whose files may lie
/// anywhere below the project's folder.
package struct ExtensionFolder: Sendable {
    /// The folder: the extension's, or the project's source root (paths in diagnostics and
    /// the bundle are relative to it).
    package let url: URL
    /// The Info.plist's facts (a content extension's principal class may come from its storyboard).
    package internal(set) var info: ExtensionInfo
    /// The Core Data models (`Name.xcdatamodeld`) among the files: the build puts each into the
    /// bundle as `Name.momd` and generates the classes Xcode's codegen would (`CoreDataModels`).
    package internal(set) var dataModels: [URL] = []
    /// The Swift sources, sorted by path.
    package let sources: [URL]
    /// The module name: the folder's name made a Swift identifier, as Xcode derives
    /// PRODUCT_MODULE_NAME from the target name.
    package let moduleName: String
    /// The other files (images, sounds, strings), copied into the extension's bundle as
    /// Xcode's Copy Bundle Resources phase does, so `Bundle.main.url(forResource:…)` finds them.
    package let resources: [URL]

    /// Where the user's modules are looked for: `Modules/` in the extension folder, then
    /// `Modules/` beside it, then the folders given with `--modules`.
    package let moduleSearchFolders: [URL]

    /// The build settings the Info.plist was expanded with.
    package let settings: BuildSettings

    /// The Info.plist file as written; nil when the build generates it from settings.
    package internal(set) var infoPlistFile: URL?
    /// Where each resource goes in the bundle when not at its path below `url` (a project's
    /// resources go to the bundle's top, as Xcode copies them).
    package internal(set) var resourceBundlePaths: [URL: String] = [:]
    /// Files the build writes into the bundle: the expanded entitlements of a project target.
    package internal(set) var bundleFiles: [String: Data] = [:]
    /// Whether bare `/regex/` literals compile in Swift 5 mode: `SWIFT_ENABLE_BARE_SLASH_REGEX`
    /// (Xcode's default since Xcode 14 is on; `NO` turns it off).
    package var bareSlashRegex: Bool { settings.values[XcodeSettings.bareSlashRegexSetting] != "NO" }
    /// The Swift language mode the sources ask for (a project's `SWIFT_VERSION`), over the builder's.
    package internal(set) var swiftVersion: String?
    /// Conditions for `#if` (`-D`): a project's `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and `OTHER_SWIFT_FLAGS`.
    package internal(set) var compilationConditions: [String] = []
    /// Local packages the sources link besides `--package` (a project's package references).
    package internal(set) var packages: [URL] = []
    /// Where SwiftPM fetches those packages' remote dependencies from (`--package-mirror`).
    package internal(set) var packageMirrors: [String: String] = [:]
    /// Modules built from other targets of the project (its framework targets), by name.
    package internal(set) var projectModules: [String: UserModule] = [:]
    /// Where the sources came from, for the report; nil for a folder.
    package internal(set) var origin: ProjectOrigin?

    /// Reads the folder at `url`: an app extension target named after the folder, of the app
    /// `appIdentifier`, with `settings` given by hand on top of Xcode's defaults.
    package init(
        url: URL, appIdentifier: String = BuildSettings.defaultAppIdentifier,
        settings explicit: [String: String] = [:], modules: [URL] = []
    ) throws(ExtensionError) {
        self.url = url.standardizedFileURL
        moduleSearchFolders =
            [
                self.url.appendingPathComponent(FolderFiles.modulesFolderName),
                self.url.deletingLastPathComponent().appendingPathComponent(FolderFiles.modulesFolderName),
            ] + modules
        settings = BuildSettings(targetName: self.url.lastPathComponent, appIdentifier: appIdentifier, explicit: explicit)
        infoPlistFile = self.url.appendingPathComponent("Info.plist")
        info = try ExtensionInfo(contentsOf: self.url.appendingPathComponent("Info.plist"), settings: settings)
        let files = FolderFiles.files(in: self.url)
        sources = files.filter { $0.pathExtension == "swift" }
        let others = CoreDataModels.split(
            files.filter { url in
                url.pathExtension != "swift" && url.lastPathComponent != "Info.plist"
                    && !url.lastPathComponent.lowercased().hasPrefix("readme")
            })
        resources = others.others
        dataModels = others.models
        guard !sources.isEmpty else { throw .noSources(folder: self.url.path) }
        (imports, usesNetworking, usesXML, rewrites) = Self.scan(sources, in: self.url, outlets: info.point == .content)
        moduleName = settings.values["PRODUCT_MODULE_NAME"] ?? XcodeSettings.moduleName(for: self.url.lastPathComponent)
        try compileStoryboard()
        omissions += BridgingHeader.warnings(files: files, root: self.url)
    }

    /// The modules the sources import, with where: the build links the frameworks of
    /// nsesim's they name (`FrameworkTable`).
    package let imports: SourceImports

    /// The sources that need a copy without Objective-C attributes to build on Linux: the
    /// copy's text and what was changed where (`ObjCAttributes`).
    package let rewrites: [URL: (text: String, changes: [SourceRewrite])]

    /// What the build leaves out, one warning each (a project's Objective-C sources).
    package internal(set) var omissions: [String] = []

    /// One warning per place changed: `File.swift:12: @objc removed: ...`, then the omissions,
    /// then the Info.plist's undefined settings (one warning naming them all).
    package var buildWarnings: [String] {
        rewrites.sorted { $0.key.path < $1.key.path }.flatMap { url, copy in
            copy.changes.filter { !$0.reason.isEmpty }.map { change in
                "\(relativePath(of: url)):\(change.line): \(change): \(change.reason); "
                    + "nsesim builds a copy that behaves as on iOS (your file is unchanged)"
            }
        } + omissions + [info.undefinedSettings.warning(file: infoPlistName)].compactMap { $0 }
    }

    /// The Info.plist as the user knows it: its path in the folder, or the generated one's origin.
    private var infoPlistName: String {
        guard let file = infoPlistFile else { return "the generated Info.plist" }
        return file.path.hasPrefix(url.path + "/") ? relativePath(of: file) : file.path
    }

    /// `url`'s path inside the folder.
    package func relativePath(of url: URL) -> String { String(url.path.dropFirst(self.url.path.count + 1)) }

    /// Where `resource` goes in the extension's bundle.
    package func bundlePath(of resource: URL) -> String { resourceBundlePaths[resource] ?? relativePath(of: resource) }

    /// Whether the sources name a FoundationNetworking type. Extensions that do not are
    /// built without linking it, which spares each process loading libcurl and its thirty
    /// dependencies; a wrong guess fails at link time and is built again with it.
    package let usesNetworking: Bool
    /// Whether the sources name a FoundationXML type (`XMLParser`): it is imported and linked then.
    package let usesXML: Bool

    /// Reads each source once for both questions; an unreadable source counts as using
    /// networking (the safe side) and importing nothing.
    /// `outlets`: a content extension, whose storyboard's outlets are set by name, so its
    /// classes get key-value coding setters.
    static func scan(
        _ sources: [URL], in folder: URL, isExtension: Bool = true, outlets: Bool = false
    )
        -> (imports: SourceImports, usesNetworking: Bool, usesXML: Bool, rewrites: [URL: (text: String, changes: [SourceRewrite])])
    {
        var imports = SourceImports()
        var networking = false
        var xml = false
        var rewrites: [URL: (text: String, changes: [SourceRewrite])] = [:]
        let texts = sources.map { url in (url, try? String(contentsOf: url, encoding: .utf8)) }
        // Key-value coding writes anywhere in the extension: its classes get setters.
        let setsValues =
            isExtension && outlets
            || isExtension && texts.contains { $0.1?.contains("setValue(") == true || $0.1?.contains("setValuesForKeys(") == true }
        // URLResponse's suggestedFilename with iOS's rule, unless the sources have a member of that name.
        let ownFilename = texts.contains { $0.1.map(SuggestedFilenameRewrite.declaresOwn) == true }
        for (url, text) in texts {
            guard let text else {
                networking = true
                continue
            }
            networking = networking || LinuxFoundationModules.usesNetworking(text)
            xml = xml || LinuxFoundationModules.usesXML(text)
            imports.scan(text, file: String(url.path.dropFirst(folder.path.count + 1)))
            var copy = (text: text, changes: [SourceRewrite]())
            if text.contains("import") {
                let rewritten = ModuleAliases.rewrite(copy.text)
                copy = (rewritten.text, copy.changes + rewritten.changes)
            }
            if text.contains("@objc") || text.contains("@IB") || text.contains("#selector") || text.contains("dynamic") {
                let rewritten = ObjCAttributes.neutralize(copy.text)
                copy = (rewritten.text, copy.changes + rewritten.changes)
            }
            if text.contains("NSError") || text.contains("URLError") || text.contains("CocoaError") || text.contains("UNError") {
                let rewritten = ErrorBridging.rewrite(copy.text)
                copy = (rewritten.text, copy.changes + rewritten.changes)
            }
            if !ownFilename, text.contains(SuggestedFilenameRewrite.name) {
                let rewritten = SuggestedFilenameRewrite.rewrite(copy.text)
                copy = (rewritten.text, copy.changes + rewritten.changes)
            }
            if FileProtectionRewrite.mayApply(to: text) {
                let rewritten = FileProtectionRewrite.rewrite(copy.text)
                copy = (rewritten.text, copy.changes + rewritten.changes)
            }
            if NetworkingAdditions.applies(to: text) {
                let rewritten = NetworkingAdditions.rewrite(copy.text)
                copy = (rewritten.text, copy.changes + rewritten.changes)
            }
            if AssociatedObjects.calls(text) {
                let rewritten = AssociatedObjects.rewrite(copy.text)
                copy = (rewritten.text, copy.changes + rewritten.changes)
            }
            if text.contains("@NSManaged") {
                let rewritten = ManagedPropertyRewrite.rewrite(copy.text)
                copy = (rewritten.text, copy.changes + rewritten.changes)
            }
            if setsValues, text.contains("class ") {
                let rewritten = KeyValueCodingSupport.rewrite(copy.text)
                copy = (rewritten.text, copy.changes + rewritten.changes)
            }
            if !copy.changes.isEmpty { rewrites[url] = (copy.text, copy.changes.sorted { $0.line < $1.line }) }
        }
        return (imports, networking, xml, rewrites)
    }
}
