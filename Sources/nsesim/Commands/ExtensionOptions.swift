import ArgumentParser
import Foundation
import NSESimCore

/// How to find and build the extension.
struct ExtensionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The extension: a folder with Swift sources and an Info.plist, or a library built by `nsesim build`.",
                               valueName: "DIR|LIB.so"))
    var `extension`: String

    @Option(help: "The Swift language mode of the extension's sources: 5 (as most Xcode projects) or 6.")
    var swiftVersion: String = "5"

    func validate() throws {
        guard ["4", "4.2", "5", "6"].contains(swiftVersion) else {
            throw ValidationError("--swift-version must be 5 or 6")
        }
    }

    func builder() throws -> ExtensionBuilder {
        do {
            return ExtensionBuilder(toolchain: try ExtensionToolchain.current(), swiftVersion: swiftVersion)
        } catch {
            throw failure(error.description, status: error.exitStatus)
        }
    }
}
