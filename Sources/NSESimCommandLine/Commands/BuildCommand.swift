import ArgumentParser
import Foundation
import NSESimBuild
import NSESimCore
import NSESimProject
import NSESimRuntime

/// `nsesim build --extension DIR` (or `--project PATH`): builds the extension and prints the library's path.
struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract:
            "Build an extension folder (or an Xcode project's extension target) into a shared library that `nsesim run --extension LIB.so` loads.",
        discussion: "Builds are cached by a hash of the sources, the Info.plist and the toolchain; the path printed is the cached library."
    )

    @OptionGroup var extensionOptions: ExtensionOptions

    @Flag(help: "With --project: print the resolved target (files, settings, entitlements, packages, frameworks) before building.")
    var explain = false

    func validate() throws {
        if explain && extensionOptions.projectOptions.project == nil {
            throw ValidationError("--explain prints how an Xcode project's target resolves: give --project PATH.xcodeproj")
        }
    }

    func run() async throws {
        let pipeline = try NotificationPipeline.make(extension: extensionOptions, app: try AppOptions.parse([]))
        let builder = pipeline.builder(appIdentifier: pipeline.appIdentifier())
        do {
            if explain, let selection = extensionOptions.projectOptions.selection {
                print(try builder.resolve(selection).explanation)
            }
            let built = try await pipeline.prepare()
            if explain, let resolved = built.origin?.resolvedWithoutPins, !resolved.isEmpty {
                print(
                    "Resolved without pins (as Xcode resolves the project's rules; resolve in Xcode and commit Package.resolved to keep them)"
                )
                for line in resolved { print("  \(line)") }
            }
            if explain, let pods = built.origin?.podBuilds, !pods.isEmpty {
                print("Pods built from source (spec, source, module)")
                for line in pods { print("  \(line)") }
            }
            print(built.library.path)
            for warning in built.warnings { FileHandle.standardError.write(Data("nsesim: warning: \(warning)\n".utf8)) }
            let how = built.cacheHit ? "from the cache" : "built"
            FileHandle.standardError.write(Data("nsesim: \(how) in \(built.buildDuration.milliseconds) ms\n".utf8))
        } catch {
            throw error.exitCode
        }
    }
}
