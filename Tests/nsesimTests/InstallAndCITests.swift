import ArgumentParser
import Foundation
import NSESimBuild
import NSESimProject
import NSESimTestSupport
import Testing

@testable import NSESimCommandLine

/// nsesim's root command (the test support's `NSESimCommand` runs the built executable).
typealias NSESimRoot = NSESimCommandLine.NSESimCommand

/// The subcommands people see (`report-schema`, for nsesim's own docs, is hidden), read from the
/// root command's configuration.
let subcommandNames = NSESimRoot.configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }

@Suite("nsesim --version")
struct VersionTests {
    @Test("prints nsesim's version, the Swift it was built with and builds extensions with, and its products folder")
    func version() async throws {
        let result = try await nsesim("--version")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result)")
        guard lines.count == 4 else { return }
        // The checkout's own description (a tag or commit, -dirty with changes), as git gives it.
        let described = try runTool(["git", "-C", repositoryRoot.path, "describe", "--tags", "--always", "--dirty"])
        let expected = described.status == 0 ? described.stdout.trimmingCharacters(in: .whitespacesAndNewlines) : "unknown"
        #expect(lines[0] == "nsesim \(expected)")
        let compiler = try runTool(["swiftc", "--version"])
        let swiftVersion = try #require(SwiftVersionLine.of(compiler.stdout), "\(compiler)")
        #expect(lines[1] == "built with: \(swiftVersion)")
        #expect(lines[2].hasPrefix("builds extensions with: \(swiftVersion) ("), "\(lines[2])")
        let products = NSESimTestSupport.NSESimCommand.executable.deletingLastPathComponent().resolvingSymlinksInPath().path
        #expect(lines[3] == "products: \(products)")
    }

    @Test("--version is the root's own flag, in its help; no flag prints the help")
    func help() async throws {
        let result = try await nsesim(arguments: [])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("--version"), "\(result)")
        #expect(result.stdout.contains("SUBCOMMANDS"), "\(result)")
    }
}

@Suite("the toolchain nsesim was built with")
struct ToolchainMatchTests {
    @Test("a swiftc of another version is refused at start, naming both and the ways out (exit 70)")
    func otherCompiler() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-toolchain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let swiftc = folder.appendingPathComponent("swiftc")
        try Data("#!/bin/sh\necho 'Swift version 5.9.2 (swift-5.9.2-RELEASE)'\necho 'Target: x86_64-unknown-linux-gnu'\n".utf8)
            .write(to: swiftc)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swiftc.path)
        let result = try await NSESimTestSupport.NSESimCommand.run(
            [
                "run", "--extension", repositoryPath("Plugins-Examples/Template"), "--payload",
                repositoryPath("Fixtures/payloads/alert-mutable.json"),
            ],
            environment: ["SWIFTC": swiftc.path, "NSESIM_CACHE_DIR": folder.appendingPathComponent("cache").path])
        #expect(result.status == 70, "\(result)")
        #expect(result.stderr.contains("\(swiftc.path) (Swift version 5.9.2 (swift-5.9.2-RELEASE))"), "\(result)")
        #expect(result.stderr.contains("is not the one nsesim was built with"), "\(result)")
        #expect(result.stderr.contains("first on PATH (or set SWIFTC"), "\(result)")
        // Asked once, remembered by the compiler binary's path, size and time.
        let remembered = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cache/toolchains").path)
        #expect(remembered.count == 1)
    }

    @Test("versions match on the compiler's own words, a driver's or vendor's prefix aside")
    func matching() {
        #expect(
            SwiftCompilerVersion.matches(
                built: "Swift version 6.3.1 (swift-6.3.1-RELEASE)", compiler: "Swift version 6.3.1 (swift-6.3.1-RELEASE)"))
        #expect(
            SwiftCompilerVersion.matches(
                built: "Apple Swift version 6.3.1 (swift-6.3.1-RELEASE)", compiler: "Swift version 6.3.1 (swift-6.3.1-RELEASE)"))
        #expect(
            !SwiftCompilerVersion.matches(
                built: "Swift version 6.3.1 (swift-6.3.1-RELEASE)", compiler: "Swift version 6.2 (swift-6.2-RELEASE)"))
    }
}

/// The version line of `swiftc --version`'s output.
enum SwiftVersionLine {
    static func of(_ output: String) -> String? {
        output.split(separator: "\n").first { $0.contains("Swift version ") }
            .map { line in String(line[line.range(of: "Swift version ")!.lowerBound...]) }
    }
}

@Suite("man page and completions")
struct ManAndCompletionsTests {
    @Test("the bash, zsh and fish completions name every subcommand", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) async throws {
        let result = try await nsesim(arguments: ["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result)")
        #expect(subcommandNames.count >= 10)
        for name in subcommandNames {
            #expect(result.stdout.contains(name), "\(shell) completion lacks \(name)")
        }
        #expect(result.stdout.contains("shard") && result.stdout.contains("version"))
    }

    /// `make man-completions`'s man page (it builds every product first, so the suite does not
    /// make it; `make man-completions` fails when it writes none).
    static let manPagePath = repositoryPath(".build/share/man/man1/nsesim.1")

    @Test(
        "make man-completions' man page names every subcommand and its options",
        .enabled(if: FileManager.default.fileExists(atPath: manPagePath), "no .build/share/man/man1/nsesim.1: run make man-completions"))
    func manPage() throws {
        let text = try String(contentsOfFile: Self.manPagePath, encoding: .utf8)
        #expect(text.contains(".Dt NSESIM 1"), "not an mdoc page for nsesim")
        for name in subcommandNames {
            #expect(text.contains(name), "the man page lacks \(name)")
        }
        #expect(text.contains("shard") && text.contains("version"))
    }
}

@Suite("docs/ci")
struct CIDocsTests {
    static let files = ["docs/ci/github-actions.yml", "docs/ci/gitlab-ci.yml"]

    static func read(_ path: String) throws -> SpecValue {
        try YAMLParser.parse(String(contentsOfFile: repositoryPath(path), encoding: .utf8))
    }

    @Test("each file is YAML, and docs/ci.md shows it as it is", arguments: files)
    func yamlInDocs(path: String) throws {
        let value = try Self.read(path)
        #expect((value.mapping?.count ?? 0) >= 3, "\(path): expected a mapping of jobs")
        let text = try String(contentsOfFile: repositoryPath(path), encoding: .utf8)
        let guide = try String(contentsOfFile: repositoryPath("docs/ci.md"), encoding: .utf8)
        #expect(guide.contains("```yaml\n" + text + "```"), "docs/ci.md should show \(path) as it is")
    }

    @Test("every nsesim command line in them is one nsesim's argument parser accepts", arguments: files)
    func commandLines(path: String) throws {
        let lines = CommandLines.nsesim(in: try Self.read(path))
        #expect(lines.count >= 3, "\(path): \(lines)")
        for line in lines {
            let arguments = CommandLines.words(line.replacingOccurrences(of: "${{ matrix.shard }}", with: "1"))
            #expect(throws: Never.self, "\(path): \(line)") { _ = try NSESimRoot.parseAsRoot(Array(arguments.dropFirst())) }
        }
        #expect(lines.contains { $0.hasPrefix("nsesim replay ") && $0.contains("--junit ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("nsesim bench ") && $0.contains("--report ") }, "\(lines)")
    }

    @Test("GitHub Actions: a matrix of N shards, each passing --shard I/N")
    func gitHubMatrix() throws {
        let workflow = try Self.read("docs/ci/github-actions.yml")
        let shards = try #require(workflow["jobs"]?["replay"]?["strategy"]?["matrix"]?["shard"]?.sequence)
        let replay = try #require(CommandLines.nsesim(in: workflow).first { $0.hasPrefix("nsesim replay ") })
        #expect(replay.contains("--shard ${{ matrix.shard }}/\(shards.count) "), "\(replay)")
        #expect(shards.compactMap(\.text) == (1...shards.count).map(String.init))
    }

    @Test("GitLab CI: parallel: N with --shard auto")
    func gitLabParallel() throws {
        let pipeline = try Self.read("docs/ci/gitlab-ci.yml")
        let parallel = try #require(pipeline["replay"]?["parallel"]?.text.flatMap { Int($0) })
        #expect(parallel >= 2)
        let replay = try #require(CommandLines.nsesim(in: pipeline).first { $0.hasPrefix("nsesim replay ") })
        #expect(replay.contains("--shard auto"), "\(replay)")
    }
}

/// The shell command lines of a CI file that run nsesim.
enum CommandLines {
    /// Every line starting `nsesim ` in the file's strings, continuation lines (`\` at the end) joined.
    static func nsesim(in value: SpecValue) -> [String] {
        var found: [String] = []
        switch value.kind {
        case .string(let text):
            let joined = text.replacingOccurrences(of: "\\\n", with: " ")
            for line in joined.split(separator: "\n") {
                let words = line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                if words.hasPrefix("nsesim ") { found.append(words) }
            }
        case .sequence(let items): found += items.flatMap(nsesim(in:))
        case .mapping(let entries): found += entries.flatMap { nsesim(in: $0.value) }
        default: break
        }
        return found
    }

    /// A command line's words as a POSIX shell splits them (quotes and backslashes; no expansion).
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
