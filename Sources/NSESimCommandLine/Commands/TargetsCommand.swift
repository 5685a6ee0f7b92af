import ArgumentParser
import Foundation
import NSESimBuild
import NSESimCore
import NSESimProject
import NSESimRuntime

/// `nsesim targets --project PATH`: the project's notification extension targets.
struct TargetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "targets",
        abstract: "List an Xcode project's notification extension targets: kind, sources, Info.plist, bundle identifier."
    )

    @Option(
        help: ArgumentHelp("The Xcode project (or a folder holding exactly one), or an XcodeGen project.yml.", valueName: "PATH.xcodeproj"))
    var project: String

    @Option(help: ArgumentHelp("The build configuration whose settings are used (default: Debug).", valueName: "NAME"))
    var configuration: String?

    func run() throws {
        do {
            let resolver = ProjectResolver(appIdentifier: BuildSettings.defaultAppIdentifier, providedModules: FrameworkTable.modules)
            let (path, targets) = try resolver.extensionTargets(path: project, configuration: configuration)
            guard !targets.isEmpty else {
                print("\(path): no notification extension target")
                return
            }
            let rows =
                [["TARGET", "KIND", "SOURCES", "INFO.PLIST", "BUNDLE ID"]]
                + targets.map { [$0.name, $0.kind, $0.problem == nil ? "\($0.sourceCount)" : "-", $0.infoPlist, $0.bundleIdentifier] }
            let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                print(
                    zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                        .trimmingCharacters(in: .whitespaces))
            }
            // Targets that cannot be resolved are listed with why, and do not stop the others.
            for target in targets {
                if let problem = target.problem { print("! \(target.name) cannot be resolved: \(problem)") }
            }
        } catch {
            throw failure(error.description, status: error.exitStatus)
        }
    }
}
