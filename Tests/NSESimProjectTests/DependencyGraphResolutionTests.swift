import Foundation
import NSESimTestSupport
import Testing

@testable import NSESimProject

/// How apps whose extension compiles part of the app resolve: their packages and pods as the
/// apps that showed each problem have them.
@Suite("Apps' dependency graphs: resolution")
struct DependencyGraphResolutionTests {
    @Test(
        "A local package at an absolute path of another machine (Braze's example) whose product nsesim stands in for is the stand-in; so is one with a binary target"
    )
    func absoluteLocalPackageStandIn() throws {
        try withProjectCopy("ChatApp") { copy in
            try edit(
                "ChatApp.xcodeproj/project.pbxproj", in: copy, replacing: "relativePath = Packages/ChatKitLocal;",
                with: "relativePath = \"/Users/someone/Developer/braze-swift-sdk\";")
            try edit(
                "ChatApp.xcodeproj/project.pbxproj", in: copy, replacing: "productName = ChatKitLocal;",
                with: "productName = BrazeNotificationService;")
            let target = try resolveTarget(copy.path)
            #expect(target.standIns == [.init(product: "BrazeNotificationService", package: "/Users/someone/Developer/braze-swift-sdk")])
            #expect(target.packages.isEmpty)
        }
        try withProjectCopy("ChatApp") { copy in
            // The SDK is here, but as Braze ships it: a binary target SwiftPM cannot build on Linux.
            try edit(
                "ChatApp.xcodeproj/project.pbxproj", in: copy, replacing: "productName = ChatKitLocal;",
                with: "productName = BrazeNotificationService;")
            try edit(
                "Packages/ChatKitLocal/Package.swift", in: copy, replacing: "targets: [.target(name: \"ChatKitLocal\")]",
                with: "targets: [.binaryTarget(name: \"BrazeNotificationService\", url: \"https://example.com/b.zip\", checksum: \"0\")]")
            let target = try resolveTarget(copy.path)
            #expect(target.standIns.map(\.product) == ["BrazeNotificationService"])
            #expect(target.packages.isEmpty)
        }
        // A product nsesim does not stand in for, from a package that is not here, is still an error naming the file.
        try withProjectCopy("ChatApp") { copy in
            try edit(
                "ChatApp.xcodeproj/project.pbxproj", in: copy, replacing: "relativePath = Packages/ChatKitLocal;",
                with: "relativePath = \"/Users/someone/Developer/ChatKitLocal\";")
            guard case .missingFile(_, _, let named, _) = try #require(resolveError(copy.path)) else {
                Issue.record("not a missing file")
                return
            }
            #expect(named.contains("/Users/someone/Developer/ChatKitLocal"))
        }
    }

    @Test(
        "A development pod at :path => '../' (Infobip's example: the SDK's repository around the example project) is the SDK's files, not the example's nor its other apps': no module importing itself"
    )
    func developmentPodAroundTheProject() throws {
        let repository = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-devpod-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: repository) }
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        let example = repository.appendingPathComponent("ExampleSwift")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: projectFixture("PodsApp")), to: example)
        try edit("Podfile", in: example, replacing: "pod 'PushCore', :path => 'LocalPods/PushCore'", with: "pod 'PushCore', :path => '../'")
        try FileManager.default.moveItem(
            at: example.appendingPathComponent("LocalPods/PushCore/PushCore.podspec"),
            to: repository.appendingPathComponent("PushCore.podspec"))
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("Classes/Core"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: example.appendingPathComponent("LocalPods/PushCore/Sources/PushCore.swift"),
            to: repository.appendingPathComponent("Classes/Core/PushCore.swift"))
        try FileManager.default.removeItem(at: example.appendingPathComponent("LocalPods"))
        // Its podspec names its files by subspecs nsesim does not read here: every Swift file of the repository is a candidate.
        try edit("PushCore.podspec", in: repository, replacing: "s.source_files = 'Sources/**/*.swift'", with: "")
        // Another app of the repository uses the SDK.
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("ChatDemo"), withIntermediateDirectories: true)
        try "import UIKit\nimport PushCore\n\nfinal class ChatViewController: UIViewController {}\n"
            .write(to: repository.appendingPathComponent("ChatDemo/ChatViewController.swift"), atomically: true, encoding: .utf8)
        let target = try resolveTarget(example.path)
        let pod = try #require(target.frameworks.first { $0.target == "pod PushCore" })
        #expect(
            pod.sources.map { String($0.path.dropFirst(repository.standardizedFileURL.path.count + 1)) } == ["Classes/Core/PushCore.swift"])
    }

    @Test("A development pod whose :path names its podspec (Appcues' CocoaPods example) is the podspec's folder, its source_files honoured")
    func developmentPodBySpecFile() throws {
        try withProjectCopy("PodsApp") { copy in
            try edit(
                "Podfile", in: copy, replacing: "pod 'PushCore', :path => 'LocalPods/PushCore'",
                with: "pod 'PushCore', :path => 'LocalPods/PushCore/PushCore.podspec'")
            try "import Foundation\npublic enum Other {}\n".write(
                to: copy.appendingPathComponent("LocalPods/PushCore/Other.swift"),
                atomically: true, encoding: .utf8)
            let target = try resolveTarget(copy.path)
            let pod = try #require(target.frameworks.first { $0.target == "pod PushCore" })
            #expect(pod.sources.map(target.relativePath) == ["LocalPods/PushCore/Sources/PushCore.swift"])
        }
        #expect(
            PodfileTarget.sourceFilePatterns(in: "  s.source_files = 'Sources/AppcuesKit/**/*.{swift,h,m}', \"Extra/X.swift\"")
                == ["Sources/AppcuesKit/**/*.{swift,h,m}", "Extra/X.swift"])
        #expect(PodfileTarget.matches("Sources/AppcuesKit/UI/View.swift", pattern: "Sources/AppcuesKit/**/*.{swift,h,m}"))
        #expect(!PodfileTarget.matches("Sources/AppcuesNotificationService/Service.swift", pattern: "Sources/AppcuesKit/**/*.{swift,h,m}"))
        #expect(!PodfileTarget.matches("Classes/Core/A.swift", pattern: "Classes/**/*.{h,m}"))
        #expect(PodfileTarget.matches("Classes/A.swift", pattern: "Classes/*.swift"))
        #expect(!PodfileTarget.matches("Classes/Deep/A.swift", pattern: "Classes/*.swift"))
        #expect(PodfileTarget.matches("Extra/X.swift", pattern: "Extra/X.swift"))
    }

    @Test(
        "A package reference's rule as Xcode writes it, for resolution without pins: up to next major or minor, exact, a range, a branch, a revision"
    )
    func packageRequirements() {
        let rule = { (fields: [String: String]) in ProjectTargetResolver.requirement(fields.mapValues(PlistValue.string)) }
        #expect(rule(["kind": "upToNextMajorVersion", "minimumVersion": "6.5.0"]) == .from("6.5.0"))
        #expect(rule(["kind": "upToNextMinorVersion", "minimumVersion": "5.8.1"]) == .upToNextMinor("5.8.1"))
        #expect(rule(["kind": "exactVersion", "version": "2.0.2"]) == .exact("2.0.2"))
        #expect(rule(["kind": "versionRange", "minimumVersion": "1.0.0", "maximumVersion": "3.0.0"]) == .range("1.0.0", "3.0.0"))
        #expect(rule(["kind": "branch", "branch": "main"]) == .branch("main"))
        #expect(
            rule(["kind": "revision", "revision": "0123456789abcdef0123456789abcdef01234567"])
                == .revision("0123456789abcdef0123456789abcdef01234567"))
        #expect(rule(["kind": "upToNextMajorVersion"]) == nil)
        #expect(rule(["kind": "somethingNew", "version": "1.0.0"]) == nil)
        #expect(RemotePackageRequirement.upToNextMinor("5.8.1").manifestArguments == ".upToNextMinor(from: \"5.8.1\")")
    }

    @Test(
        "A package product whose dependency names no package is the project's local package that declares it (Home Assistant's SharedPush), else one the workspace beside the project lists (openHAB's OpenHABCore in openHAB.xcworkspace only)"
    )
    func workspaceLocalPackage() throws {
        try withProjectCopy("ChatApp") { copy in
            try edit(
                "ChatApp.xcodeproj/project.pbxproj", in: copy,
                replacing: "\t\t\tpackage = AA0000000000000000000K01 /* XCLocalSwiftPackageReference \"Packages/ChatKitLocal\" */;\n",
                with: "")
            // The project's local package reference declares it (Home Assistant's SharedPush).
            #expect(try resolveTarget(copy.path).packages.map(\.lastPathComponent) == ["ChatKitLocal"])
            try edit(
                "ChatApp.xcodeproj/project.pbxproj", in: copy,
                replacing: "\t\t\t\tAA0000000000000000000K01 /* XCLocalSwiftPackageReference \"Packages/ChatKitLocal\" */,\n",
                with: "")
            guard case .unlocatedPackageProduct(_, _, let product) = try #require(resolveError(copy.path)) else {
                Issue.record("not an unlocated product")
                return
            }
            #expect(product == "ChatKitLocal")
            let workspace = copy.appendingPathComponent("ChatApp.xcworkspace")
            try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
            try """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace
               version = "1.0">
               <Group
                  location = "group:Packages"
                  name = "Packages">
                  <FileRef
                     location = "group:ChatKitLocal">
                  </FileRef>
               </Group>
               <FileRef
                  location = "group:ChatApp.xcodeproj">
               </FileRef>
            </Workspace>
            """.write(to: workspace.appendingPathComponent("contents.xcworkspacedata"), atomically: true, encoding: .utf8)
            let target = try resolveTarget(copy.path)
            #expect(target.packages.map(\.lastPathComponent) == ["ChatKitLocal"])
        }
    }

    @Test(
        "A package product whose dependency names no package is the project's remote package named as it (talk-ios's SwiftyRSA), at its pin or rule"
    )
    func productWithoutPackageFindsRemoteByName() throws {
        try withProjectCopy("Pinned") { copy in
            try edit(
                "Pinned.xcodeproj/project.pbxproj", in: copy,
                replacing: "\t\t\tpackage = PN0000000000000000000K01 /* XCRemoteSwiftPackageReference \"TinyFormat\" */;\n", with: "")
            let target = try resolveTarget(copy.path)
            #expect(target.remotePackages.map(\.url) == ["https://git.example.com/acme/TinyFormat.git"])
            #expect(target.remotePackages.first?.products == ["TinyFormat"])
        }
    }

    @Test(
        "A synchronized folder's exception `/Localized/NAME` (Home Assistant's Core.strings) is every language's NAME, not a file at that path; a missing one names the .lproj pattern"
    )
    func synchronizedLocalizedException() throws {
        try withProjectCopy("SyncedFolder") { copy in
            for language in ["en", "de"] {
                let folder = copy.appendingPathComponent("Shared/\(language).lproj")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try "\"hello\" = \"\(language)\";\n".write(
                    to: folder.appendingPathComponent("Core.strings"), atomically: true, encoding: .utf8)
            }
            try edit(
                "SyncedFolder.xcodeproj/project.pbxproj", in: copy, replacing: "\t\t\t\tGreeter.swift,\n",
                with: "\t\t\t\t/Localized/Core.strings,\n\t\t\t\tGreeter.swift,\n")
            let target = try resolveTarget(copy.path)
            #expect(
                target.resources.map(\.bundlePath).filter { $0.hasSuffix("Core.strings") }.sorted() == [
                    "de.lproj/Core.strings", "en.lproj/Core.strings",
                ])
            #expect(target.sources.map(target.relativePath).contains("Shared/Greeter.swift"))
            try edit(
                "SyncedFolder.xcodeproj/project.pbxproj", in: copy, replacing: "/Localized/Core.strings",
                with: "/Localized/Frontend.strings")
            guard case .missingFile(_, _, let named, let resolved) = try #require(resolveError(copy.path)) else {
                Issue.record("not a missing file")
                return
            }
            #expect(named.hasSuffix("/Localized/Frontend.strings"))
            #expect(resolved.hasSuffix("Shared/*.lproj/Frontend.strings"))
        }
    }

    @Test(
        "An .xcodeproj with no project.pbxproj beside XcodeGen's project.yml (element-ios's Riot.xcodeproj) names project.yml as the --project to give"
    )
    func generatedProjectNamesItsSpec() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-xcodegen-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Riot.xcodeproj/xcshareddata"), withIntermediateDirectories: true)
        try "name: Riot\n".write(to: folder.appendingPathComponent("project.yml"), atomically: true, encoding: .utf8)
        guard case .notAProject(_, let reason, _) = try #require(resolveError(folder.appendingPathComponent("Riot.xcodeproj").path)) else {
            Issue.record("not 'not a project'")
            return
        }
        #expect(reason.contains("XcodeGen"))
        #expect(reason.contains("--project \(folder.appendingPathComponent("project.yml").path)"))
    }

    @Test(
        "A fetch failure names the repository SwiftPM could not clone (damus's negentropy-swift, named only by its cache folder) and a pin a mirror lacks"
    )
    func fetchFailureNamesTheRepository() {
        let packages = [
            "https://github.com/onevcat/Kingfisher (8.3.1, at 4c6b067f9695)",
            "https://github.com/damus-io/negentropy-swift (0.1.0, at 181789fb0842)",
        ]
        let message = RemotePackageError.cannotFetch(
            packages: packages,
            diagnostics: [
                "error: Git command 'git -C /root/.cache/org.swift.swiftpm/repositories/negentropy-swift-0ba0e2e8 config --get "
                    + "remote.origin.url' failed: fatal: cannot change to '/root/.cache/org.swift.swiftpm/repositories/negentropy-swift-0ba0e2e8'",
                "error: could not find the commit e97a6fcb1ab07462881ac165fdbb37f067e205d5 in https://github.com/apple/swift-log.git",
            ]
        ).description
        #expect(message.contains("SwiftPM could not clone https://github.com/damus-io/negentropy-swift: no repository answered"))
        #expect(message.contains("https://github.com/apple/swift-log.git has no commit e97a6fcb1ab0"))
        #expect(!message.contains("could not clone https://github.com/onevcat/Kingfisher"))
    }
}
