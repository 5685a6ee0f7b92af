import Foundation
import Testing

/// XcodeGen projects (`project.yml`, no `.xcodeproj` in git) resolved into the same target
/// as an Xcode project's.
@Suite("XcodeGen projects")
struct XcodeGenProjectTests {
    @Test(
        "run --project GenApp: sources with excludes, settings (include, group, base, configs, config file), info and entitlements properties, a framework target, a local package"
    )
    func genApp() async throws {
        let result = try await nsesim(
            "run", "--project", projectPath("GenApp"), "--payload", payloadPath("alert-mutable.json"),
            "--deadline", "20", "--format", "json")
        #expect(result.status == 0, "\(result)")
        let object = try result.jsonObject()
        let delivered = try #require(object["delivered"] as? [String: Any])
        #expect(delivered["title"] as? String == "[GenKit] New message")
        #expect(delivered["subtitle"] as? String == "Hello (warm, via GenGreeting)")
        #expect(delivered["body"] as? String == "flags=BASE_XCCONFIG,GEN_NSE,GEN_DEBUG;group=true;version=2.4")
        let origin = try #require((object["extension"] as? [String: Any])?["project"] as? [String: Any])
        #expect(origin["files"] as? [String] == ["NotificationService/NotificationService.swift"])
        #expect(origin["frameworks"] as? [String] == ["GenKit"])
        #expect(origin["packages"] as? [String] == ["Packages/GenGreeting"])
        #expect(origin["bundleIdentifier"] as? String == "com.acme.gen.NotificationService")
        #expect(origin["entitlements"] as? String == "NotificationService/NotificationService.entitlements")

        // The spec file itself, and the Release configuration (no configs: entry: base over the config file).
        let release = try await nsesim(
            "run", "--project", projectPath("GenApp") + "/project.yml", "--configuration", "Release",
            "--payload", payloadPath("alert-mutable.json"), "--deadline", "20", "--format", "json")
        #expect(release.status == 0, "\(release)")
        #expect(
            (try release.jsonObject()["delivered"] as? [String: Any])?["body"] as? String
                == "flags=BASE_XCCONFIG,GEN_NSE;group=true;version=2.4")

        let targets = try await nsesim("targets", "--project", projectPath("GenApp"))
        #expect(
            targets.status == 0 && targets.stdout.contains("NotificationService  service  1        NotificationService/Info.plist"),
            "\(targets)")
        let explained = try await nsesim("build", "--project", projectPath("GenApp"), "--explain")
        #expect(
            explained.stdout.contains("Info.plist NotificationService/Info.plist (generated from project.yml's info: at "), "\(explained)")
        let app = try await nsesim("build", "--project", projectPath("GenApp"), "--target", "GenApp")
        #expect(app.status == 65 && app.stderr.contains("target \"GenApp\" is an application, not an app extension"), "\(app)")
    }

    @Test(
        "A remote package of the spec (url: with from:, no Package.resolved) is resolved and built by SwiftPM, from a local git repository")
    func remotePackage() async throws {
        let folder = try temporaryFolder("xcodegen-remote")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (repository, _) = try await gitRemote("TinyFormat", in: folder)
        let copy = folder.appendingPathComponent("GenApp")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: projectPath("GenApp")), to: copy)
        let spec = copy.appendingPathComponent("project.yml")
        try (try String(contentsOf: spec, encoding: .utf8))
            .replacingOccurrences(
                of: "packages:\n", with: "packages:\n  TinyFormat:\n    url: https://git.example.com/acme/TinyFormat.git\n    from: 1.0.0\n"
            )
            .replacingOccurrences(of: "      - package: GenGreeting\n", with: "      - package: GenGreeting\n      - package: TinyFormat\n")
            .write(to: spec, atomically: true, encoding: .utf8)
        let source = copy.appendingPathComponent("NotificationService/NotificationService.swift")
        try (try String(contentsOf: source, encoding: .utf8))
            .replacingOccurrences(of: "import GenGreeting\n", with: "import GenGreeting\nimport TinyFormat\n")
            .replacingOccurrences(
                of: "content.title = GenKit.badge(content.title)", with: "content.title = TinyFormat.shout(GenKit.badge(content.title))"
            )
            .write(to: source, atomically: true, encoding: .utf8)
        let result = try await nsesim(
            "run", "--project", copy.path, "--package-mirror", "https://git.example.com/acme/TinyFormat.git=\(repository.path)",
            "--payload", payloadPath("alert-mutable.json"), "--deadline", "20", "--format", "json")
        #expect(result.status == 0, "\(result)")
        #expect((try result.jsonObject()["delivered"] as? [String: Any])?["title"] as? String == "[TinyFormat 1.2.0] [GENKIT] NEW MESSAGE")
    }

    @Test("A project.yml that is not YAML (line:column), a dependency on an unknown package, a missing source: exit 65/66")
    func badInput() async throws {
        let folder = try temporaryFolder("xcodegen")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("GenApp")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: projectPath("GenApp")), to: copy)
        let spec = copy.appendingPathComponent("project.yml")
        let original = try String(contentsOf: spec, encoding: .utf8)

        try original.replacingOccurrences(of: "    sources: [GenApp]\n", with: "    sources: [GenApp\n").write(
            to: spec, atomically: true, encoding: .utf8)
        let unclosed = try await nsesim("build", "--project", copy.path)
        #expect(
            unclosed.status == 65 && unclosed.stderr.contains("project.yml:17:") && unclosed.stderr.contains("[ is not closed")
                && unclosed.stderr.contains("not valid YAML"), "\(unclosed)")

        try original.replacingOccurrences(
            of: "    platform: iOS\n    sources: [GenKit]\n", with: "    platform: iOS\n      sources: [GenKit]\n"
        )
        .write(to: spec, atomically: true, encoding: .utf8)
        let indented = try await nsesim("targets", "--project", copy.path)
        #expect(indented.status == 65 && indented.stderr.contains("project.yml:23:7: error: unexpected indentation"), "\(indented)")

        try original.replacingOccurrences(of: "      - package: GenGreeting\n", with: "      - package: Greeting\n")
            .write(to: spec, atomically: true, encoding: .utf8)
        let unknown = try await nsesim("build", "--project", copy.path)
        #expect(
            unknown.status == 65 && unknown.stderr.contains("targets.NotificationService.dependencies[1]")
                && unknown.stderr.contains("package: Greeting is not among the spec's packages: (GenGreeting)"), "\(unknown)")

        try original.replacingOccurrences(of: "      - path: NotificationService\n", with: "      - path: NotificationServices\n")
            .write(to: spec, atomically: true, encoding: .utf8)
        let missing = try await nsesim("build", "--project", copy.path, "--target", "NotificationService")
        #expect(missing.status == 66 && missing.stderr.contains("NotificationServices does not exist"), "\(missing)")

        try FileManager.default.removeItem(at: copy.appendingPathComponent("Config/shared.yml"))
        let include = try await nsesim("targets", "--project", copy.path)
        #expect(
            include.status == 66 && include.stderr.contains("project.yml:4: error: include: Config/shared.yml, but ")
                && include.stderr.contains("does not exist; restore the file or remove it from include:"), "\(include)")
    }
}
