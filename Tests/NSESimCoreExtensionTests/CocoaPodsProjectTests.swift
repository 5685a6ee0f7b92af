import Foundation
import NSESimProject
import Testing

/// CocoaPods projects as found in git (no `Pods/`): the Podfile's target block and
/// Podfile.lock read, stand-ins for the pods nsesim provides, the others named.
@Suite("CocoaPods projects")
struct CocoaPodsProjectTests {
    @Test(
        "run --project PodsApp: Firebase/Messaging is the stand-in, KeychainSwift from Modules/, PushCore a development pod, the missing Pods xcconfig a warning"
    )
    func podsApp() async throws {
        let result = try await nsesim(
            "run", "--project", projectPath("PodsApp"), "--payload", payloadPath("alert-mutable.json"),
            "--deadline", "20", "--format", "json")
        #expect(result.status == 0, "\(result)")
        let object = try result.jsonObject()
        #expect(object["outcome"] as? String == "modified")
        #expect((object["delivered"] as? [String: Any])?["subtitle"] as? String == "token=from-modules (PushCore)")
        let origin = try #require((object["extension"] as? [String: Any])?["project"] as? [String: Any])
        #expect(origin["standIns"] as? [String] == ["FirebaseMessaging"])
        #expect(origin["pods"] as? [String] == ["Firebase/Messaging 10.20.0", "KeychainSwift 20.0.0", "PushCore 0.1.0"])
        #expect(origin["frameworks"] as? [String] == ["PushCore"], "the development pod's Swift sources, built as a module")
        let build = ((object["extension"] as? [String: Any])?["buildWarnings"] as? [String] ?? []).joined(separator: "\n")
        #expect(
            build.contains("Pods/Target Support Files/Pods-NotificationService/Pods-NotificationService.debug.xcconfig does not exist")
                && build.contains("run pod install"), "\(build)")

        let explained = try await nsesim("build", "--project", projectPath("PodsApp"), "--explain")
        #expect(explained.stdout.contains("Pods (Podfile, target NotificationService)"), "\(explained)")
        #expect(explained.stdout.contains("Firebase/Messaging 10.20.0 → nsesim's FirebaseMessaging"), "\(explained)")
        #expect(explained.stdout.contains("KeychainSwift 20.0.0 (module KeychainSwift"), "\(explained)")
        // The app target's pod (Alamofire) is not the extension's: inherit! :search_paths.
        #expect(!explained.stdout.contains("Alamofire"), "\(explained)")

        let targets = try await nsesim("targets", "--project", projectPath("PodsApp"))
        #expect(targets.status == 0 && targets.stdout.contains("NotificationService  service  1"), "\(targets)")
    }

    @Test(
        "Pods whose spec nsesim cannot find are named together with where it looked and the ways in; a damaged Podfile.lock is an error with its line and column"
    )
    func badInput() async throws {
        let folder = try temporaryFolder("pods")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("PodsApp")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: projectPath("PodsApp")), to: copy)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("Modules"))
        let source = copy.appendingPathComponent("NotificationService/NotificationService.swift")
        try (try String(contentsOf: source, encoding: .utf8)).replacingOccurrences(
            of: "import KeychainSwift\n", with: "import KeychainSwift\nimport Kingfisher\n"
        )
        .write(to: source, atomically: true, encoding: .utf8)
        let podfile = copy.appendingPathComponent("Podfile")
        try (try String(contentsOf: podfile, encoding: .utf8)).replacingOccurrences(
            of: "    pod 'KeychainSwift', '~> 20.0'\n",
            with: "    pod 'KeychainSwift', '~> 20.0'\n    pod \"Kingfisher\" # images\n"
        )
        .write(to: podfile, atomically: true, encoding: .utf8)
        // No spec of either where nsesim looks (an empty copy of CocoaPods' specs): one error naming both.
        let specs = folder.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        let missing = try await nsesim("build", "--project", copy.path, "--pod-specs", specs.path)
        #expect(missing.status == 65, "\(missing)")
        #expect(
            missing.stderr.contains(
                "target \"NotificationService\" links 2 pods whose spec nsesim cannot find:\n  pod KeychainSwift 20.0.0 (import KeychainSwift at "
                    + "NotificationService/NotificationService.swift:3): no spec of KeychainSwift 20.0.0: looked at \(specs.path)/Specs/"),
            "\(missing)")
        #expect(
            missing.stderr.contains(
                "\n  pod Kingfisher (import Kingfisher at NotificationService/NotificationService.swift:4): Podfile.lock records no version of it"
            ),
            "\(missing)")
        #expect(missing.stderr.contains("--pod-specs DIR") && missing.stderr.contains("Modules/MODULE/"), "\(missing)")

        try "PODS:\n  - Alamofire (5.8.1)\n  - KeychainSwift (20.0.0\n    - [Core\n".write(
            to: copy.appendingPathComponent("Podfile.lock"),
            atomically: true, encoding: .utf8)
        let damaged = try await nsesim("build", "--project", copy.path)
        #expect(
            damaged.status == 65 && damaged.stderr.contains("Podfile.lock:4:") && damaged.stderr.contains("not a valid Podfile.lock"),
            "\(damaged)")
        try "PODS: none\n".write(to: copy.appendingPathComponent("Podfile.lock"), atomically: true, encoding: .utf8)
        let wrong = try await nsesim("build", "--project", copy.path)
        #expect(wrong.status == 65 && wrong.stderr.contains("Podfile.lock:1:1: error: PODS is not a list"), "\(wrong)")
    }

    @Test(
        "A pod whose module is not its name is tied to its import: BackendlessSwift → Backendless (podspec module_name), MeteoKitSwift → MeteoKit"
    )
    func podModuleNames() async throws {
        let folder = try temporaryFolder("pod-modules")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("PodsApp")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: projectPath("PodsApp")), to: copy)
        let source = copy.appendingPathComponent("NotificationService/NotificationService.swift")
        try (try String(contentsOf: source, encoding: .utf8))
            .replacingOccurrences(of: "import PushCore\n", with: "import PushCore\nimport Backendless\nimport MeteoKit\n")
            .write(to: source, atomically: true, encoding: .utf8)
        let podfile = copy.appendingPathComponent("Podfile")
        try (try String(contentsOf: podfile, encoding: .utf8))
            .replacingOccurrences(
                of: "    pod 'KeychainSwift', '~> 20.0'\n",
                with: "    pod 'KeychainSwift', '~> 20.0'\n    pod 'BackendlessSwift', '~> 6.7'\n    pod 'MeteoKitSwift'\n"
            )
            .write(to: podfile, atomically: true, encoding: .utf8)
        let result = try await nsesim("build", "--project", copy.path, "--pod-specs", folder.path)
        #expect(result.status == 65, "\(result)")
        #expect(
            result.stderr.contains("\n  pod BackendlessSwift (import Backendless at NotificationService/NotificationService.swift:5): "),
            "\(result)")
        #expect(
            result.stderr.contains("\n  pod MeteoKitSwift (import MeteoKit at NotificationService/NotificationService.swift:6): "),
            "\(result)")
        #expect(result.stderr.contains("Modules/MODULE/") && !result.stderr.contains("no such module"), "\(result)")

        // Its sources in Modules/Backendless and Modules/MeteoKit supply them: the extension builds.
        for module in ["Backendless", "MeteoKit"] {
            let modules = copy.appendingPathComponent("Modules/\(module)")
            try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
            try "public enum \(module)Marker { public static let name = \"\(module)\" }\n"
                .write(to: modules.appendingPathComponent("\(module).swift"), atomically: true, encoding: .utf8)
        }
        let built = try await nsesim("build", "--project", copy.path, "--pod-specs", folder.path)
        #expect(built.status == 0, "\(built)")
    }
}
