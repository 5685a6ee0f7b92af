import ArgumentParser
import NSESimCore

/// Which target of an Xcode project to build: `--project`, `--target`, `--configuration`.
struct ProjectOptions: ParsableArguments {
    @Option(help: ArgumentHelp("An Xcode project (or a folder holding exactly one): its notification service extension target is built as Xcode builds it.",
                               valueName: "PATH.xcodeproj"))
    var project: String?

    @Option(help: ArgumentHelp("The project's target to build (default: its only notification service extension).", valueName: "NAME"))
    var target: String?

    @Option(help: ArgumentHelp("The build configuration whose settings are used (default: Debug).", valueName: "NAME"))
    var configuration: String?

    func validate() throws {
        if project == nil && (target != nil || configuration != nil) {
            throw ValidationError("--target and --configuration choose in an Xcode project: give --project PATH.xcodeproj too")
        }
    }

    /// The selection, when a project is given.
    var selection: ProjectSelection? {
        project.map { ProjectSelection(path: $0, target: target, configuration: configuration) }
    }
}
