import Foundation
import NSESimBuild
import NSESimStore
import Subprocess
import SystemPackage

/// `--coverage DIR` (docs/coverage.md): the extension's own code's line coverage over every
/// extension process a command starts.
///
/// The extension is built with coverage instrumentation (``ExtensionBuilder/coverage``), and the
/// profile runtime linked into its library writes one raw profile per process and library
/// (`DIR/.profraw/%c%p-%m.profraw`: `%p` the process id, expanded when the library loads, so
/// after a fork from the zygote; `%m` the library's signature). `%c` is the runtime's
/// continuous mode: the counters live in the mapped file, so a process killed at the end of
/// the grace, or one that crashed, has written what it ran. At the end ``finish(libraries:ownCode:cacheDirectory:)``
/// merges the profiles (`llvm-profdata merge`), exports the user's files at the user's paths
/// as `DIR/lcov.info` (`llvm-cov export -format=lcov`) and writes the HTML report
/// (`llvm-cov show -format=html`, `DIR/index.html`).
package struct CoverageCollection: Sendable {
    /// The report's folder, absolute.
    package let directory: URL
    /// llvm-profdata and llvm-cov.
    package let tools: CoverageTools

    /// The variable the profile runtime reads when the library loads.
    package static let environmentName = "LLVM_PROFILE_FILE"

    /// Where the processes' raw profiles go (emptied at the start).
    package var profileFolder: URL { directory.appendingPathComponent(".profraw") }
    /// `LLVM_PROFILE_FILE`'s value.
    package var profileFilePattern: String { profileFolder.path + "/%c%p-%m.profraw" }
    /// The lcov tracefile.
    package var lcovFile: URL { directory.appendingPathComponent("lcov.info") }
    /// The merged profile.
    package var profileData: URL { directory.appendingPathComponent("coverage.profdata") }
    /// The HTML report's first page.
    package var htmlIndex: URL { directory.appendingPathComponent("index.html") }

    /// Makes `path` (and its raw-profile folder, emptied of an earlier run's), checks a file can
    /// be written in it, and finds the tools beside `swiftc`; before anything is built or run.
    package static func start(
        directory path: String, swiftc: URL
    ) throws(CoverageError) -> CoverageCollection {
        let directory = URL(fileURLWithPath: path).standardizedFileURL
        let tools = try CoverageTools.find(swiftc: swiftc)
        let collection = CoverageCollection(directory: directory, tools: tools)
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            if manager.fileExists(atPath: collection.profileFolder.path) { try manager.removeItem(at: collection.profileFolder) }
            try manager.createDirectory(at: collection.profileFolder, withIntermediateDirectories: true)
            let probe = collection.profileFolder.appendingPathComponent(".write-check")
            try Data().write(to: probe)
            try manager.removeItem(at: probe)
        } catch {
            throw .cannotCreate(path: directory.path, reason: Self.reason(error))
        }
        return collection
    }

    /// The error's own words, without Foundation's wrapping ("The operation could not be completed").
    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(underlying.code))) }
        return error.localizedDescription
    }

    /// Puts `LLVM_PROFILE_FILE` into nsesim's own environment, which every extension process
    /// inherits however it starts (spawned, warm, forked from the zygote, which gives its
    /// children nsesim's environment): before the command reads its environment
    /// (``InheritedEnvironment``, read once); throws when it was read already.
    package func exportEnvironment() throws(CoverageError) {
        setenv(Self.environmentName, profileFilePattern, 1)
        guard InheritedEnvironment.variables[Self.environmentName] == profileFilePattern else {
            throw .toolFailed(
                name: "nsesim", message: "the extension processes' environment was read before \(Self.environmentName) was set")
        }
    }

    /// The raw profiles the processes wrote.
    package var profiles: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: profileFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".profraw") }.sorted().map { profileFolder.appendingPathComponent($0) }
    }

    /// What ``finish(libraries:ownCode:cacheDirectory:)`` made.
    package struct Result: Sendable {
        /// The user's files, lines found and run.
        package var summary: CoverageSummary
        /// How many raw profiles were merged (one per process and instrumented library).
        package var profileCount: Int
        /// What the tools warned about (a profile they could not read), or why there is no report.
        package var notes: [String]
    }

    /// Merges the raw profiles, writes `lcov.info` with only the user's files at the user's
    /// paths (`ownCode`: each built extension's; generated files in `cacheDirectory`, nsesim's
    /// stand-ins and entry points left out), and the HTML report of the same files.
    package func finish(libraries: [URL], ownCode: [OwnCode], cacheDirectory: URL) async throws(CoverageError) -> Result {
        let profiles = self.profiles
        var notes: [String] = []
        let manager = FileManager.default
        guard !libraries.isEmpty else {
            try write("", to: lcovFile)
            return Result(
                summary: CoverageSummary(files: []), profileCount: profiles.count,
                notes: ["no extension was built by nsesim with coverage (a prebuilt library has none): nothing to report"])
        }
        guard !profiles.isEmpty else {
            try write("", to: lcovFile)
            return Result(
                summary: CoverageSummary(files: []), profileCount: 0,
                notes: ["no extension process wrote a profile (no push reached the extension): nothing to report"])
        }
        // The inputs as a list file: a long replay has more profiles than a command line holds.
        let list = profileFolder.appendingPathComponent("inputs.txt")
        try write(profiles.map(\.path).joined(separator: "\n") + "\n", to: list)
        let merged = try await run(
            tools.profdata, ["merge", "-sparse", "--failure-mode=all", "-f", list.path, "-o", profileData.path])
        notes += merged.error.split(separator: "\n").filter { $0.contains("warning") }.map { "llvm-profdata: \($0)" }

        let objects = [libraries[0].path] + libraries.dropFirst().flatMap { ["-object", $0.path] }
        let exported = try await run(tools.cov, ["export", "-format=lcov", "-instr-profile", profileData.path] + objects)
        let lcov = LCOVFile(text: exported.output).mapped { Self.ownFile($0, ownCode: ownCode, cacheDirectory: cacheDirectory) }
        try write(lcov.text, to: lcovFile)

        // The same files in HTML: llvm-cov takes the sources to show by the paths in the mapping.
        let shown = LCOVFile(text: exported.output).records.map(\.path).filter {
            Self.ownFile($0, ownCode: ownCode, cacheDirectory: cacheDirectory) != nil
        }
        if !shown.isEmpty {
            // The HTML is for reading: lcov.info stands without it, so its failure is a note.
            do {
                _ = try await run(
                    tools.cov,
                    [
                        "show", "-format=html", "-output-dir", directory.path, "-instr-profile", profileData.path,
                        "-show-line-counts-or-regions",
                    ] + objects + shown)
            } catch {
                notes.append("no HTML report: \(error)")
            }
        }
        try? manager.removeItem(at: profileFolder)
        return Result(summary: lcov.summary, profileCount: profiles.count, notes: notes)
    }

    /// The user's path of a file the coverage mapping names, nil when it is not the user's: a
    /// build copy's path is mapped back (`-coverage-prefix-map` does it at build time; this is
    /// the safety net `OwnCode.userPath(of:)` is for crash reports); the files nsesim generates
    /// (the entry point, support sources, Core Data classes: all written into the build's
    /// folder in `cacheDirectory`, named `__NSESim…` or not) and nsesim's stand-ins are not.
    package static func ownFile(_ path: String, ownCode: [OwnCode], cacheDirectory: URL) -> String? {
        let mapped = ownCode.lazy.map { $0.userPath(of: path) }.first { $0 != path } ?? path
        if ownCode.contains(where: { $0.sources.contains(mapped) }) { return mapped }
        let name = mapped.split(separator: "/").last.map(String.init) ?? mapped
        guard !name.hasPrefix("__NSESim"), !mapped.hasPrefix(cacheDirectory.standardizedFileURL.path + "/"),
            FileManager.default.fileExists(atPath: mapped)
        else { return nil }
        return mapped
    }

    private func write(_ text: String, to file: URL) throws(CoverageError) {
        do {
            try Data(text.utf8).write(to: file)
        } catch {
            throw .cannotCreate(path: file.path, reason: Self.reason(error))
        }
    }

    func run(_ tool: String, _ arguments: [String]) async throws(CoverageError) -> (output: String, error: String) {
        let name = (tool as NSString).lastPathComponent
        do {
            let result = try await Subprocess.run(
                .path(FilePath(tool)), arguments: Arguments(arguments),
                output: .string(limit: 256 * 1024 * 1024), error: .string(limit: 1024 * 1024))
            guard case .exited(0) = result.terminationStatus else {
                throw CoverageError.toolFailed(
                    name: name, message: result.standardError.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return (result.standardOutput, result.standardError)
        } catch let error as CoverageError {
            throw error
        } catch {
            throw .toolFailed(name: name, message: "cannot run \(tool): \(error)")
        }
    }
}
