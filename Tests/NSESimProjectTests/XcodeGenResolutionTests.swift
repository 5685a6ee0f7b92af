import Foundation
import NSESimTestSupport
import Testing

@testable import NSESimProject

/// An XcodeGen spec resolved into a `ProjectTarget`.
@Suite("XcodeGen specs")
struct XcodeGenResolutionTests {
    /// The GenApp fixture's spec in a copy, with `edit` applied to project.yml.
    private func resolve(_ edit: (String) -> String = { $0 }, resolved: String? = nil) throws -> (ProjectTarget, URL) {
        let copy = try projectCopy("GenApp")
        let spec = copy.appendingPathComponent("project.yml")
        try edit(try String(contentsOf: spec, encoding: .utf8)).write(to: spec, atomically: true, encoding: .utf8)
        if let resolved {
            let file = copy.appendingPathComponent("GenApp.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try resolved.write(to: file, atomically: true, encoding: .utf8)
        }
        let target = try XcodeGenTargetResolver(
            spec: try XcodeGenSpec(contentsOf: try #require(XcodeGenSpec.locate(copy.path))),
            context: projectResolver()
        )
        .resolve(target: nil, configuration: nil)
        return (target, copy)
    }

    @Test("GenApp: the included spec's paths are its own; settings, sources, framework, package as XcodeGen gives them")
    func genApp() throws {
        let (target, copy) = try resolve()
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        #expect(target.name == "NotificationService" && target.productType == ProjectTargetResolver.appExtensionType)
        #expect(target.sources.map(target.relativePath) == ["NotificationService/NotificationService.swift"])
        #expect(target.compilationConditions == ["BASE_XCCONFIG", "GEN_NSE", "GEN_DEBUG"], "Config/Base.xcconfig, from the include")
        #expect(target.settings["MARKETING_VERSION"] == "2.4" && target.settings["SWIFT_VERSION"] == "5.0")
        #expect(target.bundleIdentifier == "com.acme.gen.NotificationService")
        #expect(target.frameworks.map(\.moduleName) == ["GenKit"])
        #expect(target.packages.map(target.relativePath) == ["Packages/GenGreeting"])
        #expect(target.entitlements?.appGroups == ["group.com.acme.gen"])
        #expect(target.warnings.isEmpty, "\(target.warnings)")
    }

    @Test("${NAME} of an environment variable is its value; others (build settings) stay")
    func environment() {
        #expect(
            XcodeGenSpec.expandingEnvironment("id: ${TEAM}.${PRODUCT_NAME}", environment: ["TEAM": "acme"]) == "id: acme.${PRODUCT_NAME}")
        #expect(XcodeGenSpec.expandingEnvironment("open: ${NAME", environment: ["NAME": "x"]) == "open: ${NAME")
    }

    @Test("A framework for several platforms is NAME_iOS, … (${platform} replaced): an extension depends on GenKit_iOS")
    func platforms() throws {
        let (target, copy) = try resolve { spec in
            spec.replacingOccurrences(
                of: "  GenKit:\n    type: framework\n    platform: iOS\n",
                with: "  GenKit:\n    type: framework\n    platform: [iOS, macOS]\n"
                    + "    settings:\n      PRODUCT_NAME: GenKit\n      PLATFORM_NAME_SEEN: ${platform}\n"
            )
            .replacingOccurrences(of: "      - target: GenKit\n", with: "      - target: GenKit_iOS\n")
        }
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        #expect(target.frameworks.map(\.target) == ["GenKit_iOS"])
        #expect(target.frameworks.map(\.moduleName) == ["GenKit"])
    }

    @Test("targetTemplates: a target's templates: merged under it, ${target_name} replaced")
    func templates() throws {
        let (target, copy) = try resolve { spec in
            spec.replacingOccurrences(
                of: "targets:\n",
                with: """
                    targetTemplates:
                      Extension:
                        type: app-extension
                        settings:
                          base:
                            TEMPLATE_OWNER: ${target_name}
                            GREETING_STYLE: templated
                    targets:

                    """
            ).replacingOccurrences(
                of: "  NotificationService:\n    type: app-extension\n", with: "  NotificationService:\n    templates: [Extension]\n")
        }
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        #expect(target.productType == ProjectTargetResolver.appExtensionType, "type: from the template")
        #expect(target.settings["TEMPLATE_OWNER"] == "NotificationService")
        #expect(target.settings["GREETING_STYLE"] == "warm", "the target's own settings win")
    }

    @Test("Remote packages: the spec's requirement without a pin, the pin of NAME.xcodeproj's Package.resolved, a stand-in")
    func remotePackages() throws {
        let addPackages = { (requirement: String) in
            { (spec: String) in
                spec.replacingOccurrences(
                    of: "packages:\n",
                    with: """
                        packages:
                          TinyFormat:
                            url: https://git.example.com/acme/TinyFormat.git
                            \(requirement)
                          Firebase:
                            url: https://github.com/firebase/firebase-ios-sdk
                            from: 11.0.0

                        """
                ).replacingOccurrences(
                    of: "      - package: GenGreeting\n",
                    with: """
                              - package: GenGreeting
                              - package: TinyFormat
                              - package: Firebase
                                product: FirebaseMessaging

                        """)
            }
        }
        for (requirement, expected) in [
            ("from: 1.2.0", RemotePackageRequirement.from("1.2.0")), ("exactVersion: 1.2.0", .exact("1.2.0")),
            ("revision: abc123", .revision("abc123")), ("minorVersion: 1.2.0", .upToNextMinor("1.2.0")),
        ] {
            let (target, copy) = try resolve(addPackages(requirement))
            defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
            #expect(target.remotePackages.map(\.requirement) == [expected])
            #expect(target.remotePackages.first?.products == ["TinyFormat"])
            #expect(target.standIns == [.init(product: "FirebaseMessaging", package: "https://github.com/firebase/firebase-ios-sdk")])
        }
        let resolved =
            #"{"pins": [{"identity": "tinyformat", "kind": "remoteSourceControl", "location": "https://git.example.com/acme/TinyFormat.git", "state": {"revision": "fff", "version": "1.2.3"}}], "version": 2}"#
        let (pinned, copy) = try resolve(addPackages("from: 1.2.0"), resolved: resolved)
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        #expect(pinned.remotePackages.map(\.requirement) == [.revision("fff")])
        #expect(pinned.remotePackages.first?.version == "1.2.3")
    }
}
