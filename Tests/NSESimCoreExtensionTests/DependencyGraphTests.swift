import Foundation
import Testing

/// What apps whose extension compiles part of the app (shared files, framework targets,
/// local packages) met on the way, each shaped as the app that showed it, through the real
/// `nsesim`.
@Suite("Apps' dependency graphs")
struct DependencyGraphTests {
    @Test("A bare slash regex literal compiles in Swift 5 mode as in Xcode (openHAB's data: URLs); SWIFT_ENABLE_BARE_SLASH_REGEX=NO turns it off")
    func bareSlashRegex() async throws {
        let folder = try temporaryFolder("regex")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("RegexService")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: testExtension("FoundationOnly")), to: copy)
        // openHAB's notification extension splits a data: URL with a bare regex literal.
        try """
            import Foundation

            enum DataURL {
                static func decode(_ text: String) -> (mediaType: String, data: Data)? {
                    guard let match = text.firstMatch(of: /^data:(.*?);base64,(.*)$/),
                          let data = Data(base64Encoded: String(match.2)) else { return nil }
                    return (String(match.1), data)
                }
            }

            """.write(to: copy.appendingPathComponent("DataURL.swift"), atomically: true, encoding: .utf8)
        let built = try await nsesim("build", "--extension", copy.path)
        #expect(built.status == 0, "\(built)")
        let off = try await nsesim("build", "--extension", copy.path, "--setting", "SWIFT_ENABLE_BARE_SLASH_REGEX=NO")
        #expect(off.status != 0 && off.stderr.contains("DataURL.swift"), "\(off)")
    }

    @Test("A local package with @objc (Iterable's sample app and SDK) builds from a copy without it; its own remote dependencies come from --package-mirror, two mirrors ending in the same folder name")
    func localPackageWithObjC() async throws {
        let folder = try temporaryFolder("local-objc")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two remotes cloned as a network simulation lays them out: each at …/owner+name/repo.
        var mirrors: [String] = []
        for (name, text) in [("TinyFormat", nil), ("TinyCase", "public enum TinyCase { public static func lower(_ text: String) -> String { text.lowercased() } }\n")] {
            let files = text.map { ["Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "TinyCase", products: [.library(name: "TinyCase", targets: ["TinyCase"])],
                                      targets: [.target(name: "TinyCase")])

                """, "Sources/TinyCase/TinyCase.swift": $0] }
            let owner = folder.appendingPathComponent("acme+\(name)")
            try FileManager.default.createDirectory(at: owner, withIntermediateDirectories: true)
            let (repository, _) = try await gitRemote(name, in: owner, files: files)
            let clone = repository.deletingLastPathComponent().appendingPathComponent("repo")
            try FileManager.default.moveItem(at: repository, to: clone)
            mirrors += ["--package-mirror", "https://git.example.com/acme/\(name).git=\(clone.path)"]
        }
        let project = folder.appendingPathComponent("ChatApp")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: projectPath("ChatApp")), to: project)
        let package = project.appendingPathComponent("Packages/ChatKitLocal")
        try """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "ChatKitLocal",
                products: [.library(name: "ChatKitLocal", targets: ["ChatKitLocal"])],
                dependencies: [
                    .package(url: "https://git.example.com/acme/TinyFormat.git", from: "1.0.0"),
                    .package(url: "https://git.example.com/acme/TinyCase.git", from: "1.0.0"),
                ],
                targets: [.target(name: "ChatKitLocal", dependencies: ["TinyFormat", "TinyCase"])]
            )

            """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        // An iOS SDK's shape: @objc classes and members, @objc(Name), @objcMembers.
        try """
            import Foundation
            import TinyCase
            import TinyFormat

            @objcMembers
            public final class ITBBadge: NSObject {
                @objc public dynamic var suffix = "via ChatKitLocal"
            }

            @objc(ITBChatKitLocal) public final class ChatKitLocal: NSObject {
                @objc public static func badge(for subtitle: String) -> String {
                    "\\(subtitle) (\\(TinyCase.lower(TinyFormat.shout(ITBBadge().suffix))))"
                }
            }

            """.write(to: package.appendingPathComponent("Sources/ChatKitLocal/ChatKitLocal.swift"), atomically: true, encoding: .utf8)
        let data = folder.appendingPathComponent("data")
        let run = try await nsesim(["run", "--project", project.path, "--payload", payloadPath("alert-mutable.json"), "--deadline", "20",
                                    "--format", "json"] + mirrors, dataDirectory: data)
        #expect(run.status == 0, "\(run)")
        let delivered = try run.jsonObject()["delivered"] as? [String: Any]
        #expect(delivered?["subtitle"] as? String == "From Alice ([tinyformat 1.2.0] via chatkitlocal)", "\(run)")
        // The user's package is unchanged.
        #expect(try String(contentsOf: package.appendingPathComponent("Sources/ChatKitLocal/ChatKitLocal.swift"), encoding: .utf8)
            .contains("@objc(ITBChatKitLocal)"))
    }

    @Test("A CocoaPods project without Pods/ whose development pod has no Swift source: the missing xcconfig and the module named with the way in, no bare 'no input files'")
    func podWithoutSwiftSources() async throws {
        let copy = try projectCopy("PodsApp")
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        let pod = copy.appendingPathComponent("LocalPods/PushCore/Sources")
        try FileManager.default.moveItem(at: pod.appendingPathComponent("PushCore.swift"), to: pod.appendingPathComponent("PushCore.m"))
        let built = try await nsesim("build", "--project", copy.path)
        #expect(built.status != 0)
        #expect(!built.stderr.contains("no input files"), "\(built)")
        #expect(built.stderr.contains("PushCore, whose module has no Swift source") && built.stderr.contains("Modules/PushCore/"), "\(built)")
    }
}
