import Foundation

extension ExtensionBuilder {
    /// swiftc's arguments for a build with coverage (`--coverage`, docs/coverage.md): the
    /// profile counters and the coverage mapping llvm-cov reads, with the counters relocatable
    /// at run time, so that the profile runtime (linked statically into the library) can keep
    /// them in the profile file itself (continuous mode, `%c` in `LLVM_PROFILE_FILE`): a
    /// process killed at the end of the grace, or one that crashed, has still written its counts.
    package static let coverageArguments = [
        "-profile-generate", "-profile-coverage-mapping", "-Xllvm", "-runtime-counter-relocation",
    ]

    /// What a build with coverage adds to its cache key (a build without adds nothing, so its
    /// key is the one it had before coverage existed).
    static let coverageKey = "coverage: \(coverageArguments.joined(separator: " "))"
}

extension BuiltExtension {
    /// This build with ``instrumentedLibraries`` set when it was built with coverage: its
    /// library and its user modules' `modules` (paths).
    func instrumented(_ coverage: Bool, modules: [URL]) -> BuiltExtension {
        guard coverage else { return self }
        var built = self
        built.instrumentedLibraries = [library] + modules
        return built
    }
}
