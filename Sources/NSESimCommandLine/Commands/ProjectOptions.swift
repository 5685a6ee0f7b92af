import ArgumentParser
import Foundation
import NSESimBuild
import NSESimCore
import NSESimProject

/// Which target of an Xcode project to build: `--project`, `--target`, `--configuration`.
struct ProjectOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "An Xcode project (or a folder holding exactly one), or an XcodeGen project.yml: its notification service extension target is built as Xcode builds it.",
            valueName: "PATH.xcodeproj"))
    var project: String?

    @Option(help: ArgumentHelp("The project's target to build (default: its only notification service extension).", valueName: "NAME"))
    var target: String?

    @Option(help: ArgumentHelp("The build configuration whose settings are used (default: Debug).", valueName: "NAME"))
    var configuration: String?

    @Option(
        name: .customLong("package-mirror"),
        help: ArgumentHelp(
            "Fetch the project's remote Swift package at URL from PATH (a local clone) instead; repeatable.",
            valueName: "URL=PATH"))
    var packageMirror: [String] = []

    @Option(
        name: .customLong("pod-specs"),
        help: ArgumentHelp(
            "Where the specs of the project's CocoaPods pods are: a folder (or http(s) URL) laid out as CocoaPods' CDN, Specs/X/Y/Z/NAME/VERSION/NAME.podspec.json (default: ~/.cocoapods/repos/trunk, then https://cdn.cocoapods.org).",
            valueName: "DIR"))
    var podSpecs: String?

    func validate() throws {
        if project == nil && (target != nil || configuration != nil || !packageMirror.isEmpty || podSpecs != nil) {
            throw ValidationError(
                "--target, --configuration, --package-mirror and --pod-specs choose in an Xcode project: give --project PATH.xcodeproj too")
        }
        if let podSpecs, !podSpecs.hasPrefix("http://"), !podSpecs.hasPrefix("https://") {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: podSpecs, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError(
                    "--pod-specs \(podSpecs): no such folder; give a folder laid out as CocoaPods' CDN (Specs/X/Y/Z/NAME/VERSION/NAME.podspec.json) or its http(s) URL"
                )
            }
        }
        if PackageMirrors.parse(packageMirror) == nil {
            throw ValidationError("--package-mirror takes URL=PATH: the package's URL as the project names it, = and a local clone")
        }
    }

    /// The selection, when a project is given.
    var selection: ProjectSelection? {
        project.map {
            ProjectSelection(
                path: $0, target: target, configuration: configuration,
                packageMirrors: PackageMirrors.parse(packageMirror) ?? [:], podSpecs: podSpecs)
        }
    }
}
