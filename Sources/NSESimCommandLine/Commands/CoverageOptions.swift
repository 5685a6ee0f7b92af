import ArgumentParser
import Foundation
import NSESimBuild
import NSESimHost
import NSESimRuntime

/// `--coverage DIR`: the extension's own code's line coverage (docs/coverage.md), for every
/// command that runs extension processes (`run`, `replay`; any command that builds and runs
/// extensions adds this group, calls ``start()`` before it builds anything and
/// ``finish(_:built:toolchain:)`` when its processes are done).
struct CoverageOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Build the extension with coverage instrumentation and write the line coverage of its own sources into DIR: "
                + "lcov.info (at your sources' paths) and an HTML report (DIR/index.html).",
            valueName: "DIR"))
    var coverage: String?

    /// The collection, started: the tools found, DIR made and writable, every extension
    /// process's `LLVM_PROFILE_FILE` set; nil without `--coverage`. Exit 73 for a folder that
    /// cannot be written, 70 for a missing tool.
    func start() throws -> CoverageCollection? {
        guard let coverage else { return nil }
        let toolchain = try ExtensionOptions.toolchain()
        do {
            let collection = try CoverageCollection.start(directory: coverage, swiftc: toolchain.swiftc)
            try collection.exportEnvironment()
            return collection
        } catch {
            throw failure(error.description, status: error.exitStatus)
        }
    }

    /// The report from the profiles of `built`'s processes; its text lines (the table, where
    /// the files are, the tools' notes) for the command to print.
    static func finish(
        _ collection: CoverageCollection, built: [BuiltExtension], toolchain: ExtensionToolchain
    ) async throws -> (result: CoverageCollection.Result, text: [String]) {
        var libraries: [URL] = []
        for library in built.flatMap(\.instrumentedLibraries) where !libraries.contains(library) { libraries.append(library) }
        let result: CoverageCollection.Result
        do {
            result = try await collection.finish(
                libraries: libraries, ownCode: built.map(OwnCode.init), cacheDirectory: toolchain.cacheDirectory)
        } catch {
            throw failure(error.description, status: error.exitStatus)
        }
        var text = ["Coverage of the extension's own code (lines run at least once):"]
        text += result.summary.textLines.map { "  " + $0 }
        text += result.notes.map { "  note: " + $0 }
        let html = FileManager.default.fileExists(atPath: collection.htmlIndex.path) ? ", \(shown(collection.htmlIndex))" : ""
        text.append("Coverage report: \(shown(collection.lcovFile))\(html) (\(result.profileCount) profile(s) merged)")
        return (result, text)
    }

    /// `file`'s path relative to the current folder when it is inside it, else absolute.
    private static func shown(_ file: URL) -> String {
        let current = FileManager.default.currentDirectoryPath
        return file.path.hasPrefix(current + "/") ? String(file.path.dropFirst(current.count + 1)) : file.path
    }
}
