import Foundation
import NSESimBuild
import Testing

/// What apps whose extension compiles part of the app (shared files, framework targets,
/// local packages) met on the way, each shaped as the app that showed it, through the real
/// `nsesim`.
@Suite("Apps' dependency graphs")
struct DependencyGraphTests {
    @Test(
        "A bare slash regex literal compiles in Swift 5 mode as in Xcode (openHAB's data: URLs); SWIFT_ENABLE_BARE_SLASH_REGEX=NO turns it off"
    )
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

    @Test(
        "A local package with @objc (Iterable's sample app and SDK) builds from a copy without it; its own remote dependencies come from --package-mirror, mirrors ending in the same folder name, a dependency's git submodule too"
    )
    func localPackageWithObjC() async throws {
        let folder = try temporaryFolder("local-objc")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two remotes cloned as a network simulation lays them out: each at …/owner+name/repo.
        var mirrors: [String] = []
        let tinyCase = [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "TinyCase", products: [.library(name: "TinyCase", targets: ["TinyCase"])],
                                  targets: [.target(name: "TinyCase")])

            """,
            "Sources/TinyCase/TinyCase.swift":
                "public enum TinyCase { public static func lower(_ text: String) -> String { Casing.lower(text) } }\n",
        ]
        // TinyCase's Casing comes from a git submodule (its URL mirrored like a package's).
        let remotes: [(name: String, files: [String: String]?)] = [
            ("TinyStrings", ["Casing.swift": "enum Casing { static func lower(_ text: String) -> String { text.lowercased() } }\n"]),
            ("TinyFormat", nil), ("TinyCase", tinyCase),
        ]
        var clones: [String: URL] = [:]
        for (name, files) in remotes {
            let owner = folder.appendingPathComponent("acme+\(name)")
            try FileManager.default.createDirectory(at: owner, withIntermediateDirectories: true)
            let clone = owner.appendingPathComponent("repo")
            if name == "TinyCase", let files {
                for (path, text) in files {
                    let file = clone.appendingPathComponent(path)
                    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try text.write(to: file, atomically: true, encoding: .utf8)
                }
                let strings = "https://git.example.com/acme/TinyStrings.git"
                for arguments in [
                    ["init", "-q"],
                    [
                        "-c", "protocol.file.allow=always", "submodule", "add", "-q", clones["TinyStrings"]!.path,
                        "Sources/TinyCase/Strings",
                    ],
                    ["config", "-f", ".gitmodules", "submodule.Sources/TinyCase/Strings.url", strings], ["add", "."],
                    ["-c", "user.name=nsesim", "-c", "user.email=nsesim@example.com", "commit", "-qm", "v1.2.0"], ["tag", "1.2.0"],
                ] {
                    _ = try await git(arguments, in: clone)
                }
            } else {
                let (repository, _) = try await gitRemote(name, in: owner, files: files)
                try FileManager.default.moveItem(at: repository, to: clone)
            }
            clones[name] = clone
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
        let run = try await nsesim(
            [
                "run", "--project", project.path, "--payload", payloadPath("alert-mutable.json"), "--deadline", "20",
                "--format", "json",
            ] + mirrors, dataDirectory: data)
        #expect(run.status == 0, "\(run)")
        let delivered = try run.jsonObject()["delivered"] as? [String: Any]
        #expect(delivered?["subtitle"] as? String == "From Alice ([tinyformat 1.2.0] via chatkitlocal)", "\(run)")
        // The user's package is unchanged.
        #expect(
            try String(contentsOf: package.appendingPathComponent("Sources/ChatKitLocal/ChatKitLocal.swift"), encoding: .utf8)
                .contains("@objc(ITBChatKitLocal)"))
    }

    @Test(
        "A CocoaPods project without Pods/ whose development pod has no Swift source: the missing xcconfig and the module named with the way in, no bare 'no input files'"
    )
    func podWithoutSwiftSources() async throws {
        let copy = try projectCopy("PodsApp")
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        let pod = copy.appendingPathComponent("LocalPods/PushCore/Sources")
        try FileManager.default.moveItem(at: pod.appendingPathComponent("PushCore.swift"), to: pod.appendingPathComponent("PushCore.m"))
        let built = try await nsesim("build", "--project", copy.path)
        #expect(built.status != 0)
        #expect(!built.stderr.contains("no input files"), "\(built)")
        #expect(
            built.stderr.contains("PushCore, whose module has no Swift source") && built.stderr.contains("Modules/PushCore/"), "\(built)")
    }

    @Test(
        "A framework target that links a remote package (KNUTICECore → RxSwift) is compiled with the package's module; the extension only imports the framework"
    )
    func frameworkTargetPackages() async throws {
        let folder = try temporaryFolder("framework-packages")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (repository, revision) = try await gitRemote("TinyFormat", in: folder)
        let project = folder.appendingPathComponent("ChatApp")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: projectPath("ChatApp")), to: project)
        // ChatCore, the app's framework target, links TinyFormat; the extension links ChatCore only.
        try editFile(
            "ChatApp.xcodeproj/project.pbxproj", in: project, replacing: "productName = ChatCore;\n\t\t\tproductReference",
            with: "packageProductDependencies = (\n\t\t\t\tFP0000000000000000000D01 /* TinyFormat */,\n\t\t\t);\n"
                + "\t\t\tproductName = ChatCore;\n\t\t\tproductReference")
        try editFile(
            "ChatApp.xcodeproj/project.pbxproj", in: project, replacing: "/* Begin XCSwiftPackageProductDependency section */",
            with: """
                /* Begin XCRemoteSwiftPackageReference section */
                        FP0000000000000000000K01 /* XCRemoteSwiftPackageReference "TinyFormat" */ = {
                            isa = XCRemoteSwiftPackageReference;
                            repositoryURL = "\(RemotePackageRunTests.url)";
                            requirement = {
                                kind = upToNextMajorVersion;
                                minimumVersion = 1.2.0;
                            };
                        };
                /* End XCRemoteSwiftPackageReference section */

                /* Begin XCSwiftPackageProductDependency section */
                        FP0000000000000000000D01 /* TinyFormat */ = {
                            isa = XCSwiftPackageProductDependency;
                            package = FP0000000000000000000K01 /* XCRemoteSwiftPackageReference "TinyFormat" */;
                            productName = TinyFormat;
                        };
                """)
        try """
        import TinyFormat

        /// The app's shared framework target, over a remote package.
        public enum ChatCore {
            public static func displayName(for title: String) -> String { TinyFormat.shout(title) }
        }

        """.write(to: project.appendingPathComponent("ChatCore/ChatCore.swift"), atomically: true, encoding: .utf8)
        let resolved = project.appendingPathComponent("ChatApp.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
        try FileManager.default.createDirectory(at: resolved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try packageResolved(url: RemotePackageRunTests.url, revision: revision, version: 2)
            .write(to: resolved, atomically: true, encoding: .utf8)
        let run = try await nsesim(
            "run", "--project", project.path, "--package-mirror", "\(RemotePackageRunTests.url)=\(repository.path)",
            "--payload", payloadPath("alert-mutable.json"), "--deadline", "20", "--format", "json",
            dataDirectory: folder.appendingPathComponent("data"))
        #expect(run.status == 0, "\(run)")
        #expect((try run.jsonObject()["delivered"] as? [String: Any])?["title"] as? String == "[TinyFormat 1.2.0] NEW MESSAGE", "\(run)")
    }

    @Test(
        "What cannot build on Linux is one list before compiling: an Objective-C pod, a vendored xcframework, a remote package with Objective-C sources, each once with its way in (exit 65)"
    )
    func oneCompleteList() async throws {
        let folder = try temporaryFolder("one-list")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (objc, revision) = try await gitRemote(
            "ObjC", in: folder,
            files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "TinyFormat", products: [.library(name: "TinyFormat", targets: ["TinyFormat"])],
                                      targets: [.target(name: "TinyFormat")])
                """,
                "Sources/TinyFormat/include/TFFormatter.h": "#import <Foundation/Foundation.h>\n@interface TFFormatter : NSObject\n@end\n",
                "Sources/TinyFormat/TFFormatter.m": "#import \"TFFormatter.h\"\n@implementation TFFormatter\n@end\n",
            ])
        let project = try pinnedProject(
            in: folder, resolved: packageResolved(url: RemotePackageRunTests.url, revision: revision, version: 2))
        // A team messenger's shape: images through a pod, crash reports from a vendored binary framework.
        try "platform :ios, '15.0'\nuse_frameworks!\n\ntarget 'PinnedService' do\n  pod 'AFNetworking', '~> 5.18'\nend\n"
            .write(to: project.appendingPathComponent("Podfile"), atomically: true, encoding: .utf8)
        try
            "PODS:\n  - AFNetworking (5.18.10):\n    - AFNetworking/Core (= 5.18.10)\n  - AFNetworking/Core (5.18.10)\n\nCOCOAPODS: 1.15.2\n"
            .write(to: project.appendingPathComponent("Podfile.lock"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Vendor/GoogleMobileAds.xcframework"), withIntermediateDirectories: true)
        try editFile(
            "PinnedService/NotificationService.swift", in: project, replacing: "import TinyFormat\n",
            with: "import TinyFormat\nimport AFNetworking\nimport GoogleMobileAds\n")
        try editFile(
            "Pinned.xcodeproj/project.pbxproj", in: project, replacing: "\t\t\t\tPN0000000000000000000P01 /* Sources */,\n",
            with: "\t\t\t\tPN0000000000000000000P01 /* Sources */,\n\t\t\t\tXF0000000000000000000P02 /* Frameworks */,\n")
        try editFile(
            "Pinned.xcodeproj/project.pbxproj", in: project, replacing: "/* Begin PBXGroup section */",
            with: """
                XF0000000000000000000F09 /* GoogleMobileAds.xcframework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.xcframework; path = Vendor/GoogleMobileAds.xcframework; sourceTree = "<group>"; };
                XF0000000000000000000B09 /* GoogleMobileAds.xcframework in Frameworks */ = {isa = PBXBuildFile; fileRef = XF0000000000000000000F09 /* GoogleMobileAds.xcframework */; };
                XF0000000000000000000P02 /* Frameworks */ = {isa = PBXFrameworksBuildPhase; buildActionMask = 2147483647; files = (XF0000000000000000000B09 /* GoogleMobileAds.xcframework in Frameworks */, ); runOnlyForDeploymentPostprocessing = 0; };
                /* Begin PBXGroup section */
                """)
        // AFNetworking's published spec: its files are Objective-C (nothing is fetched for it).
        let specs = folder.appendingPathComponent("specs")
        let spec = specs.appendingPathComponent(PodSpecRepository.path(of: "AFNetworking", version: "5.18.10"))
        try FileManager.default.createDirectory(at: spec.deletingLastPathComponent(), withIntermediateDirectories: true)
        try
            #"{"name": "AFNetworking", "version": "5.18.10", "source": {"git": "https://github.com/AFNetworking/AFNetworking.git", "tag": "5.18.10"}, "#
            .appending(#""default_subspecs": "Core", "subspecs": [{"name": "Core", "source_files": ["AFNetworking/Core/*.{h,m}", "#)
            .appending(
                #""WebImage/AFNetworking.h", "AFNetworking/Private/*.{h,m}"]}, {"name": "MapKit", "source_files": "AFNetworkingMapKit/MapKit/*.{h,m}", "#
            )
            .appending(#""frameworks": "MapKit", "dependencies": {"AFNetworking/Core": []}}]}"#)
            .write(to: spec, atomically: true, encoding: .utf8)
        let result = try await nsesim(
            "build", "--project", project.path, "--package-mirror", "\(RemotePackageRunTests.url)=\(objc.path)", "--pod-specs", specs.path)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.components(separatedBy: "nsesim: error:").count == 2, "one message: \(result)")
        #expect(
            result.stderr.contains(
                "target \"PinnedService\" depends on 3 dependencies that cannot build on Linux, all named before compiling"),
            "\(result)")
        for line in [
            "  pod AFNetworking 5.18.10 (import AFNetworking at PinnedService/NotificationService.swift:3): its sources are Objective-C",
            "  GoogleMobileAds.xcframework (import GoogleMobileAds at PinnedService/NotificationService.swift:4): a binary framework",
            "  the Swift package TinyFormat (\(RemotePackageRunTests.url)): its sources are Objective-C",
        ] {
            #expect(result.stderr.components(separatedBy: line).count == 2, "once: \(line)\n\(result)")
        }
        #expect(result.stderr.contains("way in: Modules/AFNetworking/ (its Swift sources) or --package PATH"), "\(result)")
        #expect(!result.stderr.contains("does not build:"), "nothing compiled: \(result)")
    }

    @Test(
        "No Package.resolved in git (xcshareddata/ ignored): the project's rule (up to next major from 1.2.0) resolves as Xcode does, 1.4.0 and not 2.0.0; build --explain shows it"
    )
    func resolutionWithoutPins() async throws {
        let folder = try temporaryFolder("unpinned")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (repository, _) = try await gitRemote("TinyFormat", in: folder)
        // Later releases: 1.4.0 inside the rule, 2.0.0 outside it.
        let source = repository.appendingPathComponent("Sources/TinyFormat/TinyFormat.swift")
        var revisions: [String: String] = [:]
        var previous = "1.2.0"
        for version in ["1.4.0", "2.0.0"] {
            let text = try String(contentsOf: source, encoding: .utf8)
                .replacingOccurrences(of: "static let version = \"\(previous)\"", with: "static let version = \"\(version)\"")
            previous = version
            try text.write(to: source, atomically: true, encoding: .utf8)
            _ = try await git(
                ["-c", "user.name=nsesim", "-c", "user.email=nsesim@example.com", "commit", "-qam", "v\(version)"], in: repository)
            _ = try await git(["tag", version], in: repository)
            revisions[version] = try await git(["rev-parse", "HEAD"], in: repository).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let project = try pinnedProject(in: folder, resolved: nil)
        let mirror = "\(RemotePackageRunTests.url)=\(repository.path)"
        let explained = try await nsesim("build", "--project", project.path, "--package-mirror", mirror, "--explain")
        #expect(explained.status == 0, "\(explained)")
        #expect(
            explained.stdout.contains("TinyFormat from \(RemotePackageRunTests.url) (from 1.2.0): no Package.resolved pins it"),
            "\(explained)")
        #expect(explained.stdout.contains("Resolved without pins"), "\(explained)")
        #expect(
            explained.stdout.contains(
                "TinyFormat from \(RemotePackageRunTests.url) (from 1.2.0): 1.4.0 at \(revisions["1.4.0"]!.prefix(12))"),
            "\(explained)")
        let run = try await nsesim(
            "run", "--project", project.path, "--package-mirror", mirror, "--payload", payloadPath("alert-mutable.json"),
            "--deadline", "20", "--format", "json", dataDirectory: folder.appendingPathComponent("data"))
        #expect(run.status == 0, "\(run)")
        #expect((try run.jsonObject()["delivered"] as? [String: Any])?["title"] as? String == "[TinyFormat 1.4.0] NEW MESSAGE", "\(run)")
        let origin = (try run.jsonObject()["extension"] as? [String: Any])?["project"] as? [String: Any]
        #expect(origin?["remotePackages"] as? [String] == ["\(RemotePackageRunTests.url)@\(revisions["1.4.0"]!)"], "\(run)")
    }
}

/// Replaces `text` (which must be there) with `replacement` in the file at `path` below `folder`.
func editFile(_ path: String, in folder: URL, replacing text: String, with replacement: String) throws {
    let file = folder.appendingPathComponent(path)
    let contents = try String(contentsOf: file, encoding: .utf8)
    #expect(contents.contains(text), "\(path) does not contain \(text)")
    try contents.replacingOccurrences(of: text, with: replacement).write(to: file, atomically: true, encoding: .utf8)
}
