import Foundation
import Testing

@testable import NSESimProject

/// Podspecs as pods publish them (Ruby) and as CocoaPods' CDN serves them (JSON), their file
/// patterns, and the subspecs a target gets.
@Suite("Podspecs")
struct PodspecReadingTests {
    @Test("A Ruby podspec in KeychainAccess' shape: a heredoc, a tag from the version, deployment targets, one Swift version")
    func keychainAccessShape() throws {
        let spec = try Podspec(
            ruby: """
                Pod::Spec.new do |s|
                  s.name             = 'KeychainAccess'
                  s.version          = '4.2.2'
                  s.description      = <<-DESC
                                         A wrapper; it has s.name = 'Wrong' in its text.
                                       DESC
                  s.source           = { :git => 'https://github.com/kishikawakatsumi/KeychainAccess.git', :tag => "v#{s.version}" }
                  s.requires_arc = true # and a comment with 'quotes'
                  s.source_files = 'Lib/KeychainAccess/*.swift'
                  s.swift_version = '5.1'
                  s.ios.deployment_target = '9.0'
                  s.osx.deployment_target = '10.9'
                end
                """, file: "KeychainAccess.podspec")
        #expect(spec.name == "KeychainAccess" && spec.version == "4.2.2" && spec.module == "KeychainAccess")
        #expect(spec.source == Podspec.Source(git: "https://github.com/kishikawakatsumi/KeychainAccess.git", tag: "v4.2.2"))
        #expect(spec.attributes.sourceFiles == ["Lib/KeychainAccess/*.swift"])
        #expect(spec.swiftVersions == ["5.1"] && spec.platforms == ["ios": "9.0", "osx": "10.9"])
    }

    @Test(
        "BackendlessSwift's and Socket.IO's shapes: module_name, a list of patterns, a dependency with its rule, a multi-line source with submodules, xcconfig conditions"
    )
    func moduleNamesAndDependencies() throws {
        let backendless = try Podspec(
            ruby: """
                Pod::Spec.new do |s|
                  s.name         = 'BackendlessSwift'
                  s.module_name  = 'Backendless'
                  s.version      = '7.0.4'
                  s.source = { :git => 'https://github.com/Backendless/Swift-SDK.git', :tag => '7.0.4' }
                  s.pod_target_xcconfig = {
                      'SWIFT_VERSION' => '5.0',
                      'OTHER_SWIFT_FLAGS' => '$(inherited) -DBACKENDLESS_POD'
                  }
                  s.source_files = 'Sources/SwiftSDK/**/*.swift', 'Sources/SwiftSDK/*.swift'
                  s.dependency 'Socket.IO-Client-Swift', '~> 16.0'
                end
                """, file: "BackendlessSwift.podspec")
        #expect(backendless.module == "Backendless")
        #expect(backendless.attributes.sourceFiles == ["Sources/SwiftSDK/**/*.swift", "Sources/SwiftSDK/*.swift"])
        #expect(backendless.attributes.dependencies == ["Socket.IO-Client-Swift"])
        #expect(backendless.attributes.compilationConditions == ["BACKENDLESS_POD"])
        let socket = try Podspec(
            ruby: """
                Pod::Spec.new do |spec|
                  spec.name         = "Socket.IO-Client-Swift"
                  spec.module_name  = "SocketIO"
                  spec.version      = "16.1.1"
                  spec.source = {
                    :git => "https://github.com/socketio/socket.io-client-swift.git",
                    :tag => 'v16.1.1',
                    :submodules => true
                  }
                  spec.swift_version = "5"
                  spec.source_files  = "Source/SocketIO/**/*.swift", "Source/SocketIO/*.swift"
                  spec.dependency "Starscream", "~> 4.0.8"
                end
                """, file: "Socket.IO-Client-Swift.podspec")
        #expect(socket.module == "SocketIO" && socket.source?.submodules == true && socket.source?.tag == "v16.1.1")
        #expect(socket.attributes.dependencies == ["Starscream"])
        #expect(
            try #require(
                try? Podspec(ruby: "Pod::Spec.new do |s|\n  s.name = 'Socket.IO-Client-Swift'\n  s.version = '1'\nend\n", file: "x")
            ).module == "Socket_IO_Client_Swift")
        #expect(throws: PodspecError.self) { try Podspec(ruby: "puts 'no spec'\n", file: "x.podspec") }
    }

    @Test("Subspecs: default_subspecs, a subspec asked for with those it depends on, inherited dependencies, %w lists, test specs left out")
    func subspecs() throws {
        let spec = try Podspec(
            ruby: """
                version = '3.1.0'
                Pod::Spec.new do |s|
                  s.name = 'TinyJSON'
                  s.version = version
                  s.source = { git: 'https://example.com/TinyJSON.git', tag: s.version.to_s }
                  s.dependency 'TinyLog'
                  s.default_subspec = 'Core'
                  s.subspec 'Core' do |core|
                    core.source_files = %w[Source/Core/*.swift Source/Shared/*.swift]
                    core.exclude_files = 'Source/Core/Old*.swift'
                  end
                  s.subspec 'UI' do |ui|
                    ui.source_files = ['Source/UI/**/*.{swift,h}']
                    ui.ios.frameworks = 'UIKit'
                    ui.dependency 'TinyJSON/Core'
                    ui.dependency 'TinyImages', '>= 2'
                  end
                  s.test_spec 'Tests' do |test|
                    test.source_files = 'Tests/*.swift'
                  end
                end
                """, file: "TinyJSON.podspec")
        #expect(spec.version == "3.1.0" && spec.source?.tag == "3.1.0" && spec.source?.git == "https://example.com/TinyJSON.git")
        #expect(spec.subspecs.map(\.name) == ["TinyJSON/Core", "TinyJSON/UI"] && spec.defaultSubspecs == ["Core"])
        let whole = spec.selection([])
        #expect(whole.specs == ["TinyJSON", "TinyJSON/Core"])
        #expect(whole.attributes.sourceFiles == ["Source/Core/*.swift", "Source/Shared/*.swift"])
        #expect(whole.attributes.dependencies == ["TinyLog"])
        let ui = spec.selection(["UI"])
        #expect(ui.specs == ["TinyJSON/UI", "TinyJSON/Core"])
        #expect(ui.attributes.sourceFiles == ["Source/UI/**/*.{swift,h}", "Source/Core/*.swift", "Source/Shared/*.swift"])
        #expect(ui.attributes.excludeFiles == ["Source/Core/Old*.swift"])
        #expect(Set(ui.attributes.dependencies) == ["TinyLog", "TinyImages"] && ui.attributes.frameworks == ["UIKit"])
    }

    @Test("A .podspec.json as CocoaPods' CDN serves it: strings or lists, platform attributes, nested subspecs")
    func json() throws {
        let spec = try Podspec(
            json: Data(
                #"""
                {"name": "Firebase", "version": "10.20.0", "source": {"git": "https://github.com/firebase/firebase-ios-sdk.git", "tag": "CocoaPods-10.20.0"},
                 "swift_versions": ["5.0", "5.3"], "platforms": {"ios": "11.0"}, "default_subspecs": "Core",
                 "subspecs": [{"name": "Core", "dependencies": {"FirebaseCore": ["10.20.0"]}},
                              {"name": "Messaging", "ios": {"source_files": "Messaging/*.swift"}, "vendored_frameworks": [],
                               "dependencies": {"Firebase/Core": [], "FirebaseMessaging": ["~> 10.20.0"]},
                               "subspecs": [{"name": "Extra", "source_files": "Extra/*.m"}]}]}
                """#.utf8), file: "Firebase.podspec.json")
        #expect(spec.swiftVersions == ["5.0", "5.3"] && spec.source?.tag == "CocoaPods-10.20.0")
        let messaging = spec.selection(["Messaging"])
        #expect(messaging.specs == ["Firebase/Messaging", "Firebase/Messaging/Extra", "Firebase/Core"])
        #expect(messaging.attributes.sourceFiles == ["Messaging/*.swift", "Extra/*.m"])
        #expect(Set(messaging.attributes.dependencies) == ["FirebaseCore", "FirebaseMessaging"])
        #expect(throws: PodspecError.self) { try Podspec(json: Data("[1]".utf8), file: "bad.podspec.json") }
        #expect(throws: PodspecError.self) { try Podspec(json: Data(#"{"name": "X"}"#.utf8), file: "bad.podspec.json") }
    }

    @Test("File patterns as Dir.glob expands them: * within a folder, ** across, {a,b}, a folder's sources, exclusions")
    func globs() {
        let files = [
            "Lib/A.swift", "Lib/Deep/B.swift", "Lib/C.m", "Lib/C.h", "Sources/Core/D.swift", "Sources/Core/Old1.swift",
            "Sources/Core/x/E.swift", "README.md", "Sources/Core/notes.txt",
        ]
        #expect(PodGlob.select(["Lib/*.swift"], from: files) == ["Lib/A.swift"])
        #expect(PodGlob.select(["Lib/**/*.{swift,h}"], from: files) == ["Lib/A.swift", "Lib/Deep/B.swift", "Lib/C.h"])
        #expect(
            PodGlob.select(["Sources/Core"], excluding: ["Sources/Core/Old?.swift"], from: files) == [
                "Sources/Core/D.swift", "Sources/Core/x/E.swift",
            ])
        #expect(PodGlob.select(["./Lib/*.{h,m}"], from: files) == ["Lib/C.m", "Lib/C.h"])
        #expect(
            PodGlob.select(["Sources/**/*.swift"], excluding: ["Sources/Core/x"], from: files) == [
                "Sources/Core/D.swift", "Sources/Core/Old1.swift",
            ])
        #expect(PodGlob.expand("a/{b,c{d,e}}/*.swift") == ["a/b/*.swift", "a/cd/*.swift", "a/ce/*.swift"])
    }

    @Test("The Podfile's :git pods and Podfile.lock's external sources and dependency tree")
    func gitPods() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-podfile-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        target 'Service' do
          pod 'Tiny', :git => 'https://example.com/Tiny.git', :commit => 'abc123'
          pod 'Other', git: 'https://example.com/Other.git', branch: 'main'
          pod 'Local', :path => '../Local'
        end
        """.write(to: folder.appendingPathComponent("Podfile"), atomically: true, encoding: .utf8)
        let podfile = try #require(Podfile(contentsOf: folder.appendingPathComponent("Podfile")))
        #expect(podfile.gitSources["Tiny"] == Podspec.Source(git: "https://example.com/Tiny.git", commit: "abc123"))
        #expect(podfile.gitSources["Other"] == Podspec.Source(git: "https://example.com/Other.git", branch: "main"))
        #expect(podfile.localPaths == ["Local": "../Local"])
        try """
        PODS:
          - Other (1.0.0)
          - Tiny (2.0.0):
            - Other (~> 1.0)

        EXTERNAL SOURCES:
          Tiny:
            :git: https://example.com/Tiny.git
            :tag: 2.0.0

        CHECKOUT OPTIONS:
          Tiny:
            :commit: abc123
            :git: https://example.com/Tiny.git

        COCOAPODS: 1.15.2
        """.write(to: folder.appendingPathComponent("Podfile.lock"), atomically: true, encoding: .utf8)
        let lock = try PodfileLock(contentsOf: folder.appendingPathComponent("Podfile.lock"))
        #expect(lock.dependencies["Tiny"] == ["Other"])
        #expect(
            ProjectTargetResolver.gitSource(of: "Tiny", in: lock)
                == Podspec.Source(git: "https://example.com/Tiny.git", tag: "2.0.0", commit: "abc123"))
    }
}
