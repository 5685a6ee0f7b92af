import Foundation
import NSESimTestSupport
import Testing

@testable import NSESimBuild

/// A build with coverage (docs/coverage.md): swiftc's instrumentation arguments, the coverage
/// mapping of a build copy named after the user's file, and a cache key of its own (the key
/// of a normal build unchanged by coverage's existence). Nothing is compiled.
@Suite("Builds with coverage")
struct CoverageBuildTests {
    @Test("Instrumented, mapped back to the user's paths, cached apart from the normal build")
    func coverageBuild() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-build-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let toolchain = ExtensionToolchain(
            productsDirectory: scratch.appendingPathComponent("products"), swiftc: URL(fileURLWithPath: "/usr/bin/swiftc"),
            cacheDirectory: scratch.appendingPathComponent("cache"))
        var builder = ExtensionBuilder(toolchain: toolchain)
        let folder = try ExtensionFolder(url: URL(fileURLWithPath: repositoryPath("Plugins-Examples/MessageRouting")))
        let output = scratch.appendingPathComponent("libMessageRouting.so")
        let normalKey = try builder.cacheKey(for: folder)
        let normalArguments = try builder.commonArguments(moduleName: "MessageRouting", output: output)
        #expect(!normalArguments.contains("-profile-generate"))

        builder.coverage = true
        #expect(try builder.cacheKey(for: folder) != normalKey)
        let arguments = try builder.commonArguments(moduleName: "MessageRouting", output: output)
        for flag in ["-profile-generate", "-profile-coverage-mapping", "-runtime-counter-relocation"] {
            #expect(arguments.contains(flag))
        }
        // A source built from a copy: its coverage mapping names the user's file.
        let source = folder.sources[0]
        let copies = scratch.appendingPathComponent(ExtensionBuilder.sourceCopiesFolder)
        let paths = try builder.sourcePaths(
            [source], rewrites: [source: (text: "// copy\n", changes: [])], root: folder.url, copies: copies)
        let map = try #require(paths.firstIndex(of: "-coverage-prefix-map"))
        #expect(paths[map + 1] == "\(copies.path)=\(folder.url.path)")
    }
}
