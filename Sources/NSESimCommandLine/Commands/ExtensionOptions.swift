import ArgumentParser
import Foundation
import NSESimBuild
import NSESimCore
import NSESimRuntime

/// How to find and build the extension.
package struct ExtensionOptions: ParsableArguments {
    package init() {}

    @Option(
        help: ArgumentHelp(
            "The extension: a folder with Swift sources and an Info.plist, or a library built by `nsesim build`.",
            valueName: "DIR|LIB.so"))
    var `extension`: String?

    @OptionGroup var projectOptions: ProjectOptions

    @OptionGroup var sanitizerOptions: SanitizerOptions

    @Option(
        help:
            "The Swift language mode of the extension's sources: 5 (as most Xcode projects) or 6 (default: 5, or a project's SWIFT_VERSION)."
    )
    var swiftVersion: String?

    @Option(
        name: .customLong("setting"),
        help: ArgumentHelp(
            "A build setting for the Info.plist's $(NAME) variables, over Xcode's defaults (repeatable).",
            valueName: "NAME=VALUE"))
    var settings: [String] = []

    @Option(
        name: .customLong("modules"),
        help: ArgumentHelp(
            "A folder of modules the extension imports that nsesim does not ship: each subfolder NAME/ of Swift sources is built as module NAME (repeatable; Modules/ in and beside the extension are always looked in).",
            valueName: "DIR"))
    var moduleFolders: [String] = []

    @Option(
        name: .customLong("package"),
        help: ArgumentHelp(
            "A local Swift package whose library products the extension imports (repeatable); SwiftPM builds it in nsesim's cache.",
            valueName: "PATH"))
    var packages: [String] = []

    package func validate() throws {
        switch (self.extension, projectOptions.project) {
        case (nil, nil): throw ValidationError("give the extension with --extension DIR or --project PATH.xcodeproj")
        case (.some, .some): throw ValidationError("give --extension or --project, not both")
        default: break
        }
        if let swiftVersion, !["4", "4.2", "5", "6"].contains(swiftVersion) {
            throw ValidationError("--swift-version must be 4, 4.2, 5 or 6")
        }
        for folder in moduleFolders where !FileManager.default.isDirectory(URL(fileURLWithPath: folder)) {
            throw ValidationError(
                "--modules \(folder): no such folder; give a folder whose subfolders NAME/ hold the Swift sources of module NAME")
        }
        for package in packages where !FileManager.default.isDirectory(URL(fileURLWithPath: package)) {
            throw ValidationError("--package \(package): no such folder; give the folder that holds the package's Package.swift")
        }
        for setting in settings where BuildSettings.parse(setting) == nil {
            throw ValidationError("--setting \(setting): expected NAME=VALUE, NAME a build setting's name (letters, digits, _)")
        }
    }

    /// The extension to build: the folder or library, or the project's target.
    var input: ExtensionInput {
        projectOptions.selection.map(ExtensionInput.project) ?? .path(self.extension ?? "")
    }

    /// The build settings given with --setting (and a project's SWIFT_VERSION given with --swift-version).
    var buildSettings: [String: String] {
        var given = Dictionary(settings.compactMap(BuildSettings.parse), uniquingKeysWith: { $1 })
        if let swiftVersion, projectOptions.project != nil { given["SWIFT_VERSION"] = swiftVersion }
        return given
    }

    /// Puts the extension and how to build it into `configuration`.
    func fill(_ configuration: inout PipelineConfiguration) {
        configuration.extensionInput = input
        configuration.swiftVersion = swiftVersion ?? "5"
        configuration.settings = buildSettings
        configuration.moduleFolders = moduleFolders.map { URL(fileURLWithPath: $0) }
        configuration.packages = packages.map { URL(fileURLWithPath: $0) }
        configuration.sanitizer = sanitizerOptions.sanitizer
    }

    /// The toolchain extensions are built with (exit 70 when nsesim's own build products are missing).
    static func toolchain() throws -> ExtensionToolchain {
        do {
            return try ExtensionToolchain.current()
        } catch {
            throw failure(error.description, status: error.exitStatus)
        }
    }
}
