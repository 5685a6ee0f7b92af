import Foundation
import NSESimTestSupport
import Testing

@testable import NSESimProject

/// The project files read besides project.pbxproj: YAML (XcodeGen specs, Podfile.lock), Podfiles,
/// Package.resolved in its three formats, XcodeGen's globs.
@Suite("Project formats")
struct ProjectFormatsReadingTests {
    @Test(
        "YAML: block mappings and sequences, items that are mappings, flow collections, quotes, blocks, comments; errors with line:column")
    func yaml() throws {
        let value = try YAMLParser.parse(
            """
            # comment
            name: App   # trailing comment
            list:
              - one
              - key: value
                other: "quoted # not a comment"
            flow: [a, "b c", {d: 1}]
            same-indent:
            - x
            - y
            script: |
              echo one
              echo two
            flag: YES
            url: https://example.com/a#b
            """)
        #expect(value["name"]?.text == "App")
        #expect(value["list"]?.sequence?.count == 2)
        #expect(value["list"]?.sequence?[1]["other"]?.text == "quoted # not a comment")
        #expect(value["flow"]?.sequence?.map { $0.text ?? "{}" } == ["a", "b c", "{}"])
        #expect(value["flow"]?.sequence?[2]["d"]?.text == "1")
        #expect(value["same-indent"]?.sequence?.compactMap(\.text) == ["x", "y"])
        #expect(value["script"]?.text == "echo one\necho two\n")
        #expect(value["flag"]?.bool == true)
        #expect(value["url"]?.text == "https://example.com/a#b")
        let anchored = try YAMLParser.parse(
            """
            base: &common
              A: 1
              B: 2
            derived:
              <<: *common
              B: 3
            copy: *common
            """)
        #expect(anchored["derived"]?.mapping?.map(\.key) == ["A", "B"])
        #expect(anchored["derived"]?["B"]?.text == "3" && anchored["derived"]?["A"]?.text == "1")
        #expect(anchored["copy"]?["B"]?.text == "2")
        #expect(throws: YAMLParser.SyntaxError.self) { try YAMLParser.parse("a: *missing\n") }
        for (text, line, column) in [
            ("a: [1, 2\nb: 3\n", 1, 4), ("a:\n  b: 1\n    c: 2\n", 3, 5), ("a: 1\n\tb: 2\n", 2, 1), ("a: \"open\n", 1, 4),
        ] {
            do {
                _ = try YAMLParser.parse(text)
                Issue.record("\(text) parsed")
            } catch {
                #expect((error.line, error.column) == (line, column), "\(text): \(error)")
            }
        }
    }

    @Test("Podfile: target blocks, nesting, inherit! :search_paths, def groups, abstract targets, other Ruby blocks")
    func podfile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Podfile")
        try """
        platform :ios, '15.0'
        pod 'Everywhere'
        def shared
          pod "Firebase/Messaging" # push
        end
        abstract_target 'All' do
          pod 'Common'
          target 'App' do
            shared
            pod 'Alamofire', '~> 5.8'
            target 'NotificationService' do
              inherit! :search_paths
              shared
              pod 'KeychainSwift'
              pod 'PushCore', :path => '../PushCore'
            end
          end
          target 'Widget' do
            pod 'WidgetKitHelpers'
          end
        end
        post_install do |installer|
          installer.pods_project.targets.each do |target|
            if target.name == 'x'
              puts 'y'
            end
          end
        end
        """.write(to: file, atomically: true, encoding: .utf8)
        let podfile = try #require(Podfile(contentsOf: file))
        #expect(podfile.pods(forTarget: "NotificationService") == ["Firebase/Messaging", "KeychainSwift", "PushCore"])
        #expect(podfile.localPaths == ["PushCore": "../PushCore"])
        #expect(podfile.pods(forTarget: "App") == ["Firebase/Messaging", "Alamofire", "Common", "Everywhere"])
        #expect(podfile.pods(forTarget: "Widget") == ["WidgetKitHelpers", "Common", "Everywhere"])
        #expect(podfile.pods(forTarget: "Other") == nil)
        #expect(PodStandIns.modules(for: "OneSignalXCFramework") == ["OneSignalExtension", "OneSignal"])
        #expect(PodStandIns.modules(for: "AirshipServiceExtension") == ["AirshipNotificationServiceExtension"])
        #expect(PodStandIns.defaultModule(for: "Iterable-iOS-SDK/Core") == "Iterable_iOS_SDK")
    }

    @Test("Package.resolved formats 1, 2 and 3; a pin found by identity, whatever the URL's spelling")
    func packageResolved() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let formats = [
            1:
                #"{"object": {"pins": [{"package": "Alamofire", "repositoryURL": "https://github.com/Alamofire/Alamofire.git", "state": {"branch": null, "revision": "aaa", "version": "5.8.1"}}]}, "version": 1}"#,
            2:
                #"{"pins": [{"identity": "alamofire", "kind": "remoteSourceControl", "location": "https://github.com/Alamofire/Alamofire.git", "state": {"revision": "aaa", "version": "5.8.1"}}], "version": 2}"#,
            3:
                #"{"originHash": "x", "pins": [{"identity": "alamofire", "kind": "remoteSourceControl", "location": "https://github.com/Alamofire/Alamofire", "state": {"branch": "main", "revision": "aaa"}}], "version": 3}"#,
        ]
        for (version, text) in formats {
            let file = folder.appendingPathComponent("v\(version).resolved")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let resolved = try PackageResolved(contentsOf: file)
            #expect(resolved.pin(for: "https://github.com/Alamofire/Alamofire")?.revision == "aaa", "format \(version)")
            #expect(resolved.pin(for: "git@github.com:Alamofire/Alamofire.git")?.revision == "aaa", "format \(version)")
            #expect(resolved.pin(for: "https://github.com/acme/Other.git") == nil)
        }
        let future = folder.appendingPathComponent("v9.resolved")
        try #"{"pins": [], "version": 9}"#.write(to: future, atomically: true, encoding: .utf8)
        #expect(
            throws: XcodeProjectError.badPackageResolved(
                path: future.path, message: "has format version 9; nsesim reads versions 1, 2 and 3")
        ) {
            try PackageResolved(contentsOf: future)
        }
    }

    @Test("XcodeGen globs: * within a component, ** across them, sets; a folder matches what lies in it")
    func globs() {
        #expect(XcodeGenGlob("*.md").matches("NOTES.md"))
        #expect(!XcodeGenGlob("*.md").matches("Docs/NOTES.md"))
        #expect(XcodeGenGlob("**/*.md").matches("Docs/NOTES.md") && XcodeGenGlob("**/*.md").matches("NOTES.md"))
        #expect(XcodeGenGlob("Drafts/**").matches("Drafts/A/B.swift"))
        #expect(XcodeGenGlob("Drafts").matches("Drafts/B.swift"))
        #expect(XcodeGenGlob("configs/server[0-2].json").matches("configs/server1.json"))
        #expect(!XcodeGenGlob("configs/server[0-2].json").matches("configs/server5.json"))
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-formats-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
