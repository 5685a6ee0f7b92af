import Foundation
import Testing

/// A local git repository of `Fixtures/remotes/NAME` (or of `files`), committed and tagged
/// `tag`: a remote package for the tests, with no network. Returns its folder and revision.
func gitRemote(_ name: String, in folder: URL, tag: String = "1.2.0", files: [String: String]? = nil) async throws -> (URL, String) {
    let repository = folder.appendingPathComponent("\(name)-repo")
    if let files {
        for (path, text) in files {
            let file = repository.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
    } else {
        try FileManager.default.copyItem(at: URL(fileURLWithPath: repositoryPath("Fixtures/remotes/\(name)")), to: repository)
    }
    for arguments in [
        ["init", "-q"], ["add", "."], ["-c", "user.name=nsesim", "-c", "user.email=nsesim@example.com", "commit", "-qm", "v\(tag)"],
        ["tag", tag],
    ] {
        _ = try await git(arguments, in: repository)
    }
    let revision = try await git(["rev-parse", "HEAD"], in: repository).trimmingCharacters(in: .whitespacesAndNewlines)
    return (repository, revision)
}

/// Runs git in `folder`, without blocking a thread of the test pool; its standard output.
func git(_ arguments: [String], in folder: URL) async throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = folder
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
        do { try process.run() } catch { continuation.resume(throwing: error) }
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(status == 0, "git \(arguments.joined(separator: " ")) failed in \(folder.path)")
    return text
}

/// A Package.resolved pinning `url` at `revision`, in format `version` (1, 2 or 3).
func packageResolved(url: String, revision: String, version: Int, pinVersion: String? = "1.2.0") -> String {
    let versionText = pinVersion.map { "\"\($0)\"" } ?? "null"
    let identity = (url.split(separator: "/").last.map(String.init) ?? url).replacingOccurrences(of: ".git", with: "").lowercased()
    switch version {
    case 1:
        return """
            {"object": {"pins": [{"package": "TinyFormat", "repositoryURL": "\(url)",
              "state": {"branch": null, "revision": "\(revision)", "version": \(versionText)}}]}, "version": 1}
            """
    default:
        return """
            {\(version == 3 ? "\"originHash\" : \"0f00\"," : "")
              "pins" : [{"identity" : "\(identity)", "kind" : "remoteSourceControl", "location" : "\(url)",
                "state" : {"revision" : "\(revision)", "version" : \(versionText)}}],
              "version" : \(version)}
            """
    }
}

/// A copy of `Fixtures/projects/Pinned` in `folder` with `resolved` as its Package.resolved (none when nil).
func pinnedProject(in folder: URL, resolved: String?, url: String? = nil) throws -> URL {
    let copy = folder.appendingPathComponent("Pinned")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: projectPath("Pinned")), to: copy)
    if let url {
        let project = copy.appendingPathComponent("Pinned.xcodeproj/project.pbxproj")
        try (try String(contentsOf: project, encoding: .utf8))
            .replacingOccurrences(of: "https://git.example.com/acme/TinyFormat.git", with: url)
            .write(to: project, atomically: true, encoding: .utf8)
    }
    if let resolved {
        let file = copy.appendingPathComponent("Pinned.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try resolved.write(to: file, atomically: true, encoding: .utf8)
    }
    return copy
}

func temporaryFolder(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-\(name)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// Remote Swift packages (`XCRemoteSwiftPackageReference`) built with SwiftPM at the pins of
/// the project's Package.resolved, from local git repositories.
@Suite("Remote Swift packages")
struct RemotePackageRunTests {
    static let url = "https://git.example.com/acme/TinyFormat.git"

    @Test("A pinned remote package builds with SwiftPM: through --package-mirror (Package.resolved v3), a file:// URL (v1), --package")
    func pinned() async throws {
        let folder = try temporaryFolder("pinned")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (repository, revision) = try await gitRemote("TinyFormat", in: folder)

        let mirrored = try pinnedProject(
            in: folder.appendingPathComponent("v3"), resolved: packageResolved(url: Self.url, revision: revision, version: 3))
        let run = try await nsesim(
            "run", "--project", mirrored.path, "--package-mirror", "\(Self.url)=\(repository.path)",
            "--payload", payloadPath("alert-mutable.json"), "--deadline", "20", "--format", "json")
        #expect(run.status == 0, "\(run)")
        #expect((try run.jsonObject()["delivered"] as? [String: Any])?["title"] as? String == "[TinyFormat 1.2.0] NEW MESSAGE")
        let origin = (try run.jsonObject()["extension"] as? [String: Any])?["project"] as? [String: Any]
        #expect(origin?["remotePackages"] as? [String] == ["\(Self.url)@\(revision)"])
        let targets = try await nsesim("targets", "--project", mirrored.path)
        #expect(targets.status == 0 && targets.stdout.contains("PinnedService  service  1"), "\(targets)")
        let explained = try await nsesim("build", "--project", mirrored.path, "--explain")
        #expect(explained.stdout.contains("TinyFormat from \(Self.url) (1.2.0, at \(revision.prefix(12)))"), "\(explained)")

        // The project names the repository by a file:// URL; Package.resolved in format 1.
        let fileURL = "file://" + repository.path
        let local = try pinnedProject(
            in: folder.appendingPathComponent("v1"), resolved: packageResolved(url: fileURL, revision: revision, version: 1),
            url: fileURL)
        let direct = try await nsesim(
            "run", "--project", local.path, "--payload", payloadPath("alert-mutable.json"), "--deadline", "20",
            "--format", "json")
        #expect(direct.status == 0, "\(direct)")
        #expect((try direct.jsonObject()["delivered"] as? [String: Any])?["title"] as? String == "[TinyFormat 1.2.0] NEW MESSAGE")

        // A clone given with --package provides the product: nothing is fetched, no pin needed.
        let unpinned = try pinnedProject(in: folder.appendingPathComponent("given"), resolved: nil)
        let given = try await nsesim(
            "run", "--project", unpinned.path, "--package", repository.path,
            "--payload", payloadPath("alert-mutable.json"), "--deadline", "20", "--format", "json")
        #expect(given.status == 0, "\(given)")
    }

    @Test(
        "No pin and no remote, a damaged Package.resolved, a remote that cannot be cloned, a bad --package-mirror: exit 65/64, naming the way in"
    )
    func badInput() async throws {
        let folder = try temporaryFolder("remote-errors")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, revision) = try await gitRemote("TinyFormat", in: folder)

        // No pin: the project's rule (from 1.2.0) is resolved as Xcode does, which needs the remote.
        let none = try pinnedProject(in: folder.appendingPathComponent("none"), resolved: nil)
        let noFile = try await nsesim("build", "--project", none.path)
        #expect(
            noFile.status == 65 && noFile.stderr.contains("cannot fetch the Swift package \(Self.url) (from 1.2.0)")
                && noFile.stderr.contains("--package-mirror URL=PATH"), "\(noFile)")

        let other = try pinnedProject(
            in: folder.appendingPathComponent("other"),
            resolved: packageResolved(url: "https://git.example.com/acme/Other.git", revision: revision, version: 2))
        let unpinned = try await nsesim("build", "--project", other.path)
        #expect(unpinned.status == 65 && unpinned.stderr.contains("cannot fetch the Swift package \(Self.url) (from 1.2.0)"), "\(unpinned)")

        let damaged = try pinnedProject(
            in: folder.appendingPathComponent("damaged"), resolved: "{\n  \"pins\" : [\n    {\"identity\" : \"tinyformat\"\n")
        let corrupt = try await nsesim("build", "--project", damaged.path)
        #expect(
            corrupt.status == 65 && corrupt.stderr.contains("Package.resolved: is not valid JSON (line 4: 3 bracket(s) not closed)"),
            "\(corrupt)")

        let pinned = try pinnedProject(
            in: folder.appendingPathComponent("unreachable"),
            resolved: packageResolved(url: Self.url, revision: revision, version: 3))
        let unreachable = try await nsesim(
            "build", "--project", pinned.path, "--package-mirror", "\(Self.url)=\(folder.path)/no-such-clone")
        #expect(
            unreachable.status == 65
                && unreachable.stderr.contains("cannot fetch the Swift package \(Self.url) (1.2.0, at \(revision.prefix(12)))")
                && unreachable.stderr.contains("--package-mirror URL=PATH"), "\(unreachable)")

        let malformed = try await nsesim("build", "--project", pinned.path, "--package-mirror", Self.url)
        #expect(malformed.status == 64 && malformed.stderr.contains("--package-mirror takes URL=PATH"), "\(malformed)")
    }

    @Test("A package that cannot build on Linux (a binary xcframework target, Objective-C sources): one message naming it and the ways in")
    func notForLinux() async throws {
        let folder = try temporaryFolder("remote-linux")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = { (target: String) in
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "TinyFormat", products: [.library(name: "TinyFormat", targets: ["TinyFormat"])], targets: [\(target)])
            """
        }
        let (binary, binaryRevision) = try await gitRemote(
            "Binary", in: folder,
            files: [
                "Package.swift": manifest(
                    ".binaryTarget(name: \"TinyFormat\", url: \"http://127.0.0.1:9/TinyFormat.xcframework.zip\", "
                        + "checksum: \"\(String(repeating: "0", count: 64))\")")
            ])
        let (objc, objcRevision) = try await gitRemote(
            "ObjC", in: folder,
            files: [
                "Package.swift": manifest(".target(name: \"TinyFormat\")"),
                "Sources/TinyFormat/include/TFFormatter.h": "#import <Foundation/Foundation.h>\n@interface TFFormatter : NSObject\n@end\n",
                "Sources/TinyFormat/TFFormatter.m": "#import \"TFFormatter.h\"\n@implementation TFFormatter\n@end\n",
            ])
        for (name, repository, revision, reason) in [
            ("binary", binary, binaryRevision, "it ships a binary target (an xcframework"),
            ("objc", objc, objcRevision, "its sources are Objective-C"),
        ] {
            let project = try pinnedProject(
                in: folder.appendingPathComponent(name),
                resolved: packageResolved(url: Self.url, revision: revision, version: 2))
            let result = try await nsesim("build", "--project", project.path, "--package-mirror", "\(Self.url)=\(repository.path)")
            #expect(result.status == 65, "\(result)")
            #expect(result.stderr.contains("target \"PinnedService\" depends on a dependency that cannot build on Linux"), "\(result)")
            #expect(result.stderr.contains("the Swift package TinyFormat (\(Self.url)): \(reason)"), "\(result)")
            #expect(result.stderr.contains("--package PATH") && result.stderr.contains("Modules/NAME/"), "\(result)")
            #expect(result.stderr.components(separatedBy: "nsesim: error:").count == 2, "one message: \(result)")
        }
        // Swift that does not build on Linux (an Apple framework nsesim does not stand in for):
        // SwiftPM's error, the package named, the ways in.
        let (apple, appleRevision) = try await gitRemote(
            "AppleOnly", in: folder,
            files: [
                "Package.swift": manifest(".target(name: \"TinyFormat\")"),
                "Sources/TinyFormat/TinyFormat.swift":
                    "import ARKit\npublic enum TinyFormat { public static func shout(_ text: String) -> String { text } }\n",
            ])
        let project = try pinnedProject(
            in: folder.appendingPathComponent("apple"),
            resolved: packageResolved(url: Self.url, revision: appleRevision, version: 2))
        let result = try await nsesim("build", "--project", project.path, "--package-mirror", "\(Self.url)=\(apple.path)")
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr.contains("the Swift package \(Self.url) (1.2.0, at \(appleRevision.prefix(12))) does not build on Linux:")
                && result.stderr.contains("no such module 'ARKit'") && result.stderr.contains("--package PATH"), "\(result)")
    }

    @Test(
        "A pinned remote package that imports UIKit and UserNotifications builds against nsesim's frameworks; its content objects are the extension's"
    )
    func againstFrameworks() async throws {
        let folder = try temporaryFolder("remote-frameworks")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (repository, revision) = try await gitRemote("TinyFormatKit", in: folder)
        let project = try pinnedProject(in: folder, resolved: packageResolved(url: Self.url, revision: revision, version: 3))
        // The extension hands the package's UNMutableNotificationContent to the content handler:
        // one UserNotifications in the process, so the host reads it as its own.
        let source = project.appendingPathComponent("PinnedService/NotificationService.swift")
        try (try String(contentsOf: source, encoding: .utf8))
            .replacingOccurrences(
                of: "let content = request.content.mutableCopy() as! UNMutableNotificationContent",
                with: "let content = TinyFormat.badged(request.content)"
            )
            .write(to: source, atomically: true, encoding: .utf8)
        // Twice: the second run builds the cached package again (SwiftPM's incremental build over the
        // checkouts nsesim took @objc out of).
        for _ in 0..<2 {
            let run = try await nsesim(
                "run", "--project", project.path, "--package-mirror", "\(Self.url)=\(repository.path)",
                "--payload", payloadPath("alert-mutable.json"), "--deadline", "20", "--format", "json")
            #expect(run.status == 0, "\(run)")
            let delivered = try run.jsonObject()["delivered"] as? [String: Any]
            #expect(delivered?["title"] as? String == "[TinyFormat 1.2.0 on iOS] NEW MESSAGE", "\(run)")
            #expect(delivered?["badge"] as? Int == 7 && delivered?["threadIdentifier"] as? String == "tinyformat", "\(run)")
        }

        // A package given with --package (the user's folder, built as it is) builds against them too.
        let (clone, _) = try await gitRemote(
            "GivenKit", in: folder,
            files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "TinyFormat", products: [.library(name: "TinyFormat", targets: ["TinyFormat"])],
                                      targets: [.target(name: "TinyFormat")])
                """,
                "Sources/TinyFormat/TinyFormat.swift": """
                import UIKit
                import UserNotifications
                public enum TinyFormat {
                    public static func shout(_ text: String) -> String { "[\\(UIDevice.current.systemName)] " + text }
                    public static func badged(_ content: UNNotificationContent) -> UNMutableNotificationContent {
                        let copy = content.mutableCopy() as! UNMutableNotificationContent
                        copy.badge = 3
                        return copy
                    }
                }
                """,
            ])
        let given = try await nsesim(
            "run", "--project", project.path, "--package", clone.path,
            "--payload", payloadPath("alert-mutable.json"), "--deadline", "20", "--format", "json")
        #expect(given.status == 0, "\(given)")
        #expect((try given.jsonObject()["delivered"] as? [String: Any])?["badge"] as? Int == 3, "\(given)")
        #expect((try given.jsonObject()["delivered"] as? [String: Any])?["title"] as? String == "[iOS] New message", "\(given)")
    }

    @Test("A package whose #if canImport(UIKit) code needs more of UIKit than nsesim has builds against Linux's Foundation instead")
    func linuxOnlyFallback() async throws {
        let folder = try temporaryFolder("remote-fallback")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (clone, _) = try await gitRemote(
            "FallbackKit", in: folder,
            files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "TinyFormat", products: [.library(name: "TinyFormat", targets: ["TinyFormat"])],
                                      targets: [.target(name: "TinyFormat")])
                """,
                "Sources/TinyFormat/TinyFormat.swift": """
                import Foundation
                #if canImport(UIKit)
                import UIKit
                public enum TinyFormat {
                    // UIApplication.shared is unavailable in an extension (and in nsesim's UIKit).
                    public static func shout(_ text: String) -> String { "[\\(UIApplication.shared.applicationIconBadgeNumber)] " + text }
                }
                #else
                public enum TinyFormat {
                    public static func shout(_ text: String) -> String { "[Linux] " + text }
                }
                #endif
                """,
            ])
        let project = try pinnedProject(in: folder, resolved: nil)
        for _ in 0..<2 {  // the second run takes the remembered build against Linux's Foundation
            let run = try await nsesim(
                "run", "--project", project.path, "--package", clone.path,
                "--payload", payloadPath("alert-mutable.json"), "--deadline", "20", "--format", "json")
            #expect(run.status == 0, "\(run)")
            #expect((try run.jsonObject()["delivered"] as? [String: Any])?["title"] as? String == "[Linux] New message", "\(run)")
        }
    }
}
