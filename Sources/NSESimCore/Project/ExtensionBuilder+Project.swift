import Foundation

extension ExtensionBuilder {
    /// The extension `input` names, built (or from the cache).
    package func prepare(_ input: ExtensionInput) async throws(ExtensionError) -> BuiltExtension {
        switch input {
        case .path(let path):
            return try await prepare(path: path)
        case .project(let selection):
            let start = ContinuousClock.now
            return try await build(ExtensionFolder(target: try resolve(selection), modules: moduleFolders), start: start)
        }
    }

    /// The project target `selection` names, resolved with this builder's settings and packages.
    package func resolve(_ selection: ProjectSelection) throws(ExtensionError) -> ProjectTarget {
        do {
            let project = try XcodeProject(path: selection.path)
            return try ProjectTargetResolver(project: project, appIdentifier: appIdentifier, explicit: settings,
                                             givenPackages: packages.map(\.path))
                .resolve(target: selection.target, configuration: selection.configuration)
        } catch {
            throw .project(error)
        }
    }
}
