import Foundation
import NSESimProject
import Testing

@testable import NSESimBuild

/// The parts of building pods from source that need no process: where CocoaPods' CDN keeps a
/// spec, what a pod's files make of it, the language mode it asks for.
@Suite("Pods built from source: the rules")
struct PodsBuildTests {
    @Test("The CDN's shard is the first three hex digits of md5(name): AFNetworking at Specs/a/7/5, KeychainAccess at Specs/f/6/3")
    func shard() {
        #expect(PodSpecRepository.path(of: "AFNetworking", version: "4.0.1") == "Specs/a/7/5/AFNetworking/4.0.1/AFNetworking.podspec.json")
        #expect(PodSpecRepository.shard(of: "KeychainAccess") == "f/6/3")
        #expect(PodSpecRepository(option: "/tmp/specs").locations == [.folder(URL(fileURLWithPath: "/tmp/specs"))])
        #expect(PodSpecRepository(option: "http://127.0.0.1:8080/cdn").locations == [.url(URL(string: "http://127.0.0.1:8080/cdn/")!)])
        #expect(PodSpecRepository(option: nil).locations.last == .url(PodSpecRepository.cdn))
    }

    @Test(
        "A folder of specs: the CDN's layout, a Ruby podspec beside it, a private spec repository's NAME/VERSION layout; a miss names the path"
    )
    func folderLookup() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-specs-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ruby = folder.appendingPathComponent("Private/2.0.0/Private.podspec")
        try FileManager.default.createDirectory(at: ruby.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "Pod::Spec.new do |s|\n  s.name = 'Private'\n  s.version = '2.0.0'\n  s.source_files = 'Sources/*.swift'\nend\n"
            .write(to: ruby, atomically: true, encoding: .utf8)
        let json = folder.appendingPathComponent(PodSpecRepository.path(of: "Public", version: "1.0.0"))
        try FileManager.default.createDirectory(at: json.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #"{"name": "Public", "version": "1.0.0"}"#.write(to: json, atomically: true, encoding: .utf8)
        let specs = PodSpecRepository(option: folder.path)
        guard case .found(let own, let from) = await specs.spec(of: "Private", version: "2.0.0", cache: folder),
            case .found(let published, _) = await specs.spec(of: "Public", version: "1.0.0", cache: folder),
            case .notFound(let looked) = await specs.spec(of: "Public", version: "9.9.9", cache: folder)
        else {
            Issue.record("a look-up went wrong")
            return
        }
        #expect(own.attributes.sourceFiles == ["Sources/*.swift"] && from == ruby.path && published.name == "Public")
        #expect(looked == ["\(folder.path)/\(PodSpecRepository.path(of: "Public", version: "9.9.9")) (no such file)"])
    }

    @Test("Swift files build as one module; Objective-C, C, mixed sources, binaries and archives are named with why")
    func kinds() {
        #expect(PodsBuild.kind(of: ["A.swift", "A.h"]) == .swift(["A.swift"]))
        #expect(
            PodsBuild.kind(of: ["A.m", "A.h"])
                == .unbuildable("its sources are Objective-C (1 file(s)), which Linux's toolchain builds without Apple's Foundation"))
        guard case .unbuildable(let mixed) = PodsBuild.kind(of: ["A.swift", "B.c"]) else {
            Issue.record("mixed sources build")
            return
        }
        #expect(mixed.contains("mix Swift with C or C++"))
        var attributes = Podspec.Attributes()
        attributes.sourceFiles = ["Classes/**/*.{h,m}"]
        let git = Podspec.Source(git: "https://example.com/x.git", tag: "1.0")
        #expect(PodsBuild.obstacle(before: attributes, source: git)?.hasPrefix("its sources are Objective-C or C") == true)
        attributes.sourceFiles = ["Classes/**/*.{h,m,swift}"]
        #expect(PodsBuild.obstacle(before: attributes, source: git) == nil)
        #expect(
            PodsBuild.obstacle(before: attributes, source: Podspec.Source(http: "https://example.com/x.zip"))?.contains("archive") == true)
        attributes.vendored = ["Frameworks/X.xcframework"]
        #expect(PodsBuild.obstacle(before: attributes, source: git)?.contains("vendored Frameworks/X.xcframework") == true)
    }

    @Test("A pod builds in the highest language mode its swift_versions name")
    func languageMode() throws {
        var spec = try Podspec(json: Data(#"{"name": "X", "version": "1.0", "swift_versions": ["4.2", "5.0", "5.9"]}"#.utf8), file: "X")
        #expect(PodsBuild.languageMode(of: spec) == "5")
        spec.swiftVersions = []
        #expect(PodsBuild.languageMode(of: spec) == nil)
    }
}
