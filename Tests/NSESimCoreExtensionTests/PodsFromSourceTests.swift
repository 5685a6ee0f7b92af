import FixtureServer
import Foundation
import NSESimBuild
import Testing

/// CocoaPods pods nsesim does not stand in for, built from their sources as a team's CI gets
/// them: specs from `--pod-specs` (CocoaPods' CDN layout), sources through git at their tags
/// (from `--package-mirror`), through the real `nsesim`.
@Suite("CocoaPods pods built from source")
struct PodsFromSourceTests {
    @Test(
        "A KeychainAccess-style trunk pod depending on a SwiftyJSON-style pod's subspec, a :git pod with a Ruby podspec, a :path pod: built and run; an Objective-C pod in the one list; a pod without a spec one clear error; a second build from the cache"
    )
    func podsFromSource() async throws {
        let folder = try temporaryFolder("pods-source")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Hosts of each run's own, so that nsesim's cache of checkouts (by URL and tag) starts empty.
        let owner = "https://git.example.com/acme-\(UUID().uuidString.prefix(8))"
        let (keychain, _) = try await gitRemote(
            "TinyKeychain", in: folder, tag: "v4.2.2",
            files: [
                "Lib/TinyKeychain/Keychain.swift": """
                import Foundation
                import TinyJSON

                public struct Keychain {
                    public let service: String
                    public init(service: String) { self.service = service }
                    public func token() -> String { JSON(["service": service]).describe() }
                }

                """,
                "Tests/KeychainTests.swift": "this is not compiled: the spec's source_files leave it out\n",
            ])
        let (json, _) = try await gitRemote(
            "TinyJSON", in: folder, tag: "5.0.2",
            files: [
                "Source/Core/JSON.swift": """
                import Foundation

                public struct JSON {
                    public let object: [String: String]
                    public init(_ object: [String: String]) { self.object = object }
                    public func describe() -> String { object.keys.sorted().map { "\\($0)=\\(object[$0]!)" }.joined(separator: ",") }
                }

                """,
                "Source/Core/Tests/Broken.swift": "excluded by exclude_files\n",
                "Source/Extras/JSON+UIKit.swift": """
                import UIKit

                extension JSON {
                    public var shouting: String { describe().uppercased() }
                    public static var tint: UIColor { .red }
                }

                """,
                "Source/Legacy/Legacy.swift": "a subspec the target does not ask for\n",
            ])
        let (format, _) = try await gitRemote(
            "TinyFormatPod", in: folder, tag: "1.0.0",
            files: [
                "TinyFormatPod.podspec": """
                Pod::Spec.new do |s|
                  s.name         = 'TinyFormatPod'
                  s.module_name  = 'TinyFormatter'
                  s.version      = '1.0.0'
                  s.summary      = 'Formats things.'
                  s.description  = <<-DESC
                                     Formats things, loudly when asked.
                                   DESC
                  s.source       = { :git => '\(owner)/TinyFormatPod.git', :tag => "#{s.version}" }
                  s.swift_versions = ['4.2', '5.0']
                  s.ios.deployment_target = '12.0'
                  s.source_files = 'Sources/**/*.swift'
                  s.pod_target_xcconfig = { 'SWIFT_ACTIVE_COMPILATION_CONDITIONS' => '$(inherited) TINY_LOUD' }
                end

                """,
                "Sources/TinyFormatter.swift": """
                public enum TinyFormatter {
                    public static func bracket(_ text: String) -> String {
                        #if TINY_LOUD
                            return "[" + text.uppercased() + "]"
                        #else
                            return "[" + text + "]"
                        #endif
                    }
                }

                """,
            ])
        // CocoaPods' CDN layout: Specs/X/Y/Z/NAME/VERSION/NAME.podspec.json.
        let specs = folder.appendingPathComponent("specs")
        let published: [(name: String, version: String, json: String)] = [
            (
                "TinyKeychain", "4.2.2",
                #"{"name": "TinyKeychain", "version": "4.2.2", "source": {"git": "\#(owner)/TinyKeychain.git", "tag": "v4.2.2"}, "#
                    + #""platforms": {"ios": "9.0", "osx": "10.9"}, "swift_versions": "5.1", "source_files": "Lib/TinyKeychain/*.swift", "#
                    + #""dependencies": {"TinyJSON/Core": []}}"#
            ),
            (
                "TinyJSON", "5.0.2",
                #"{"name": "TinyJSON", "version": "5.0.2", "source": {"git": "\#(owner)/TinyJSON.git", "tag": "5.0.2"}, "#
                    + #""swift_versions": ["5.0"], "default_subspecs": "Core", "subspecs": ["#
                    + #"{"name": "Core", "source_files": "Source/Core/**/*.swift", "exclude_files": "Source/Core/Tests/*.swift"}, "#
                    + #"{"name": "Extras", "source_files": "Source/Extras/*.{swift,h}", "ios": {"frameworks": "UIKit"}, "dependencies": {"TinyJSON/Core": []}}, "#
                    + #"{"name": "Legacy", "source_files": "Source/Legacy"}]}"#
            ),
            (
                "TinyImages", "2.1.0",
                #"{"name": "TinyImages", "version": "2.1.0", "source": {"git": "\#(owner)/TinyImages.git", "tag": "2.1.0"}, "#
                    + #""source_files": ["TinyImages/*.{h,m}", "TinyImages/Private/*.{h,m}"], "frameworks": "ImageIO"}"#
            ),
        ]
        for spec in published {
            let file = specs.appendingPathComponent(PodSpecRepository.path(of: spec.name, version: spec.version))
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try spec.json.write(to: file, atomically: true, encoding: .utf8)
        }

        let project = folder.appendingPathComponent("PodsApp")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: projectPath("PodsApp")), to: project)
        try FileManager.default.removeItem(at: project.appendingPathComponent("Modules"))
        try editFile(
            "Podfile", in: project, replacing: "    pod 'KeychainSwift', '~> 20.0'\n",
            with: """
                    pod 'TinyKeychain', '~> 4.2'
                    pod 'TinyJSON/Extras'
                    pod 'TinyFormatPod', :git => '\(owner)/TinyFormatPod.git', :tag => '1.0.0'
                    pod 'TinyImages'
                    pod 'MissingKit', '~> 1.0'

                """)
        try """
        PODS:
          - Firebase/CoreOnly (10.20.0):
            - FirebaseCore (= 10.20.0)
          - Firebase/Messaging (10.20.0):
            - Firebase/CoreOnly
            - FirebaseMessaging (~> 10.20.0)
          - FirebaseCore (10.20.0)
          - FirebaseMessaging (10.20.0):
            - FirebaseCore (~> 10.0)
          - MissingKit (1.0.3)
          - PushCore (0.1.0):
            - TinyJSON/Core
          - TinyFormatPod (1.0.0)
          - TinyImages (2.1.0)
          - TinyJSON/Core (5.0.2)
          - TinyJSON/Extras (5.0.2):
            - TinyJSON/Core
          - TinyKeychain (4.2.2):
            - TinyJSON/Core

        EXTERNAL SOURCES:
          PushCore:
            :path: LocalPods/PushCore
          TinyFormatPod:
            :git: \(owner)/TinyFormatPod.git
            :tag: 1.0.0

        CHECKOUT OPTIONS:
          TinyFormatPod:
            :git: \(owner)/TinyFormatPod.git
            :tag: 1.0.0

        COCOAPODS: 1.15.2

        """.write(to: project.appendingPathComponent("Podfile.lock"), atomically: true, encoding: .utf8)
        // The development pod depends on a trunk pod's subspec, and uses it.
        try editFile(
            "LocalPods/PushCore/PushCore.podspec", in: project, replacing: "  s.ios.deployment_target = '15.0'\n",
            with: "  s.ios.deployment_target = '15.0'\n  s.dependency 'TinyJSON/Core', '~> 5.0'\n")
        try """
        import TinyJSON

        public enum PushCore {
            public static func tag(_ text: String) -> String { text + " (PushCore " + JSON(["core": "1"]).describe() + ")" }
        }

        """.write(to: project.appendingPathComponent("LocalPods/PushCore/Sources/PushCore.swift"), atomically: true, encoding: .utf8)
        try """
        import UserNotifications
        import FirebaseMessaging
        import TinyKeychain
        import TinyJSON
        import TinyFormatter
        import PushCore
        import TinyImages
        import MissingKit

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                content.subtitle = PushCore.tag(TinyFormatter.bracket(Keychain(service: "push").token()) + " " + JSON(["a": "b"]).shouting)
                Messaging.serviceExtension().populateNotificationContent(content, withContentHandler: contentHandler)
            }
        }

        """.write(to: project.appendingPathComponent("NotificationService/NotificationService.swift"), atomically: true, encoding: .utf8)
        let options = [
            "--project", project.path, "--pod-specs", specs.path,
            "--package-mirror", "\(owner)/TinyKeychain.git=\(keychain.path)",
            "--package-mirror", "\(owner)/TinyJSON.git=\(json.path)",
            "--package-mirror", "\(owner)/TinyFormatPod.git=\(format.path)",
        ]

        // A pod with no spec where nsesim looks: one error naming it, its version, where, and --pod-specs.
        let noSpec = try await nsesim(["build"] + options)
        #expect(noSpec.status == 65, "\(noSpec)")
        let missingFile = specs.appendingPathComponent(PodSpecRepository.path(of: "MissingKit", version: "1.0.3")).path
        #expect(
            noSpec.stderr.contains(
                "target \"NotificationService\" links a pod whose spec nsesim cannot find:\n  pod MissingKit 1.0.3 (import MissingKit at "
                    + "NotificationService/NotificationService.swift:8): no spec of MissingKit 1.0.3: looked at \(missingFile) (no such file)"
            ),
            "\(noSpec)")
        #expect(
            noSpec.stderr.contains("--pod-specs DIR") && noSpec.stderr.components(separatedBy: "nsesim: error:").count == 2, "\(noSpec)")

        // An Objective-C pod: named in the one list before compiling, with its ways in; nothing fetched for it.
        try editFile("NotificationService/NotificationService.swift", in: project, replacing: "import MissingKit\n", with: "")
        let objectiveC = try await nsesim(["build"] + options)
        #expect(objectiveC.status == 65, "\(objectiveC)")
        #expect(
            objectiveC.stderr.contains(
                "target \"NotificationService\" depends on a dependency that cannot build on Linux, all named before compiling:\n"
                    + "  pod TinyImages 2.1.0 (import TinyImages at NotificationService/NotificationService.swift:7): its sources are Objective-C or C "
                    + "(source_files TinyImages/*.{h,m}, TinyImages/Private/*.{h,m})"),
            "\(objectiveC)")
        #expect(objectiveC.stderr.contains("way in: Modules/TinyImages/") && !objectiveC.stderr.contains("does not build"), "\(objectiveC)")

        // The Swift pods build, against nsesim's frameworks, and run in didReceive.
        try editFile("NotificationService/NotificationService.swift", in: project, replacing: "import TinyImages\n", with: "")
        let explained = try await nsesim(["build"] + options + ["--explain"])
        #expect(explained.status == 0, "\(explained)")
        for line in [
            "Pods built from source (spec, source, module)",
            "  TinyKeychain 4.2.2: spec from \(specs.path)/\(PodSpecRepository.path(of: "TinyKeychain", version: "4.2.2")); "
                + "source \(owner)/TinyKeychain.git at tag v4.2.2 (",
            "  TinyJSON 5.0.2 (Core, Extras): spec from \(specs.path)/",
            "  TinyFormatPod 1.0.0: spec from TinyFormatPod.podspec in \(owner)/TinyFormatPod.git at tag 1.0.0; ",
            "module TinyKeychain of 1 Swift file(s), Swift 5",
            "module TinyJSON of 2 Swift file(s), Swift 5",
            "module TinyFormatter of 1 Swift file(s), Swift 5",
        ] {
            #expect(explained.stdout.contains(line), "\(line)\n\(explained)")
        }
        // Fetched by the build before (the one that named TinyImages), which compiled nothing.
        #expect(explained.stdout.contains("from nsesim's cache") && !explained.stdout.contains("TinyImages 2.1.0:"), "\(explained)")

        let run = try await nsesim(
            ["run"] + options + ["--payload", payloadPath("alert-mutable.json"), "--deadline", "20", "--format", "json"],
            dataDirectory: folder.appendingPathComponent("data"))
        #expect(run.status == 0, "\(run)")
        let object = try run.jsonObject()
        #expect(object["outcome"] as? String == "modified", "\(run)")
        #expect(
            (object["delivered"] as? [String: Any])?["subtitle"] as? String == "[SERVICE=PUSH] A=B (PushCore core=1)",
            "the pods' code ran in didReceive: \(run)")

        // A second build, its specs over HTTP (CocoaPods' CDN layout on 127.0.0.1): the checkouts
        // and the build from nsesim's cache.
        let server = FixtureServer(root: specs)
        let base = try await server.start()
        let overHTTP = options.map { $0 == specs.path ? base.absoluteString : $0 }
        let again = try await nsesim(["build"] + overHTTP + ["--explain"])
        await server.stop()
        #expect(again.status == 0 && again.stderr.contains("from the cache"), "\(again)")
        #expect(again.stdout.contains("from nsesim's cache") && !again.stdout.contains("fetched into"), "\(again)")
        let url = URL(string: PodSpecRepository.path(of: "TinyKeychain", version: "4.2.2"), relativeTo: base)!.absoluteString
        #expect(again.stdout.contains("  TinyKeychain 4.2.2: spec from \(url); "), "\(again)")
    }
}
