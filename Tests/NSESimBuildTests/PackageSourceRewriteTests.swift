import Foundation
import Testing

@testable import NSESimBuild

/// What nsesim's build copy of an iOS library changes so that it builds as Xcode builds it
/// (Kingfisher's sources as the cases): `os(iOS)`, associated objects, Darwin's networking
/// names, overrides of `@objc` extension methods, and the modules imported without a name.
@Suite("Package source rewrites")
struct PackageSourceRewriteTests {
    @Test("os(iOS) holds in #if and #elseif lines of an iOS library (same width); code, strings and comments stay")
    func platformConditions() throws {
        let source = """
            #if os(iOS) || os(tvOS) || os(visionOS)
            let a = 1
            #elseif os(macOS) // not os(iOS)
            let b = "os(iOS)"
            #endif
              #if !os(iOS)
            #endif
            """
        let rewritten = try #require(PlatformConditions.iOS(source))
        let lines = rewritten.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "#if true    || os(tvOS) || os(visionOS)")
        #expect(lines[2] == "#elseif os(macOS) // not os(iOS)")
        #expect(lines[3] == "let b = \"os(iOS)\"")
        #expect(lines[5] == "  #if !true   ")
        #expect(rewritten.count == source.count)
        #expect(PlatformConditions.iOS("#if os(macOS)\n#endif") == nil)
    }

    @Test("A package is an iOS library when its sources import UIKit (tests and examples left out)")
    func iOSLibrary() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-ios-library-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/Lib"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Tests/LibTests"), withIntermediateDirectories: true)
        try Data("import Foundation\n".utf8).write(to: folder.appendingPathComponent("Sources/Lib/A.swift"))
        try Data("import UIKit\n".utf8).write(to: folder.appendingPathComponent("Tests/LibTests/T.swift"))
        #expect(!PlatformConditions.isIOSLibrary(folder))
        try Data("#if canImport(UIKit)\nimport UIKit\n#endif\n".utf8).write(to: folder.appendingPathComponent("Sources/Lib/B.swift"))
        #expect(PlatformConditions.isIOSLibrary(folder))
    }

    @Test("A file calling objc_getAssociatedObject gets them appended, file-private, its lines kept; one declaring them is left alone")
    func associatedObjects() {
        let kingfisher = """
            import Foundation

            func getAssociatedObject<T>(_ object: Any, _ key: UnsafeRawPointer) -> T? {
                return objc_getAssociatedObject(object, key) as? T
            }
            """
        let rewritten = AssociatedObjects.rewrite(kingfisher)
        #expect(rewritten.text.hasPrefix(kingfisher + "\n"))
        #expect(rewritten.text.contains("fileprivate func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any?"))
        #expect(rewritten.text.contains("OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1"))
        #expect(rewritten.changes.map(\.line) == [4])
        let own = kingfisher + "\nfunc objc_getAssociatedObject(_ o: Any, _ k: UnsafeRawPointer) -> Any? { nil }\n"
        #expect(AssociatedObjects.rewrite(own).changes.isEmpty)
        #expect(AssociatedObjects.rewrite("let x = 1").changes.isEmpty)
    }

    @Test("Darwin's server-trust and network-access names are appended where a file names them")
    func networkingAdditions() {
        let source = """
            if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust {
                let credential = URLCredential(trust: challenge.protectionSpace.serverTrust!)
            }
            request.allowsConstrainedNetworkAccess = false
            """
        let rewritten = NetworkingAdditions.rewrite(source)
        #expect(rewritten.changes.map(\.line) == [1])
        #expect(rewritten.text.contains("fileprivate let NSURLAuthenticationMethodServerTrust"))
        #expect(rewritten.text.contains("var allowsConstrainedNetworkAccess: Bool"))
        #expect(NetworkingAdditions.rewrite("let u = URL(string: \"x\")").changes.isEmpty)
    }

    @Test("@objc methods of extensions are found, and overrides of them renamed without `override`")
    func extensionMethodOverrides() throws {
        let base = """
            extension KFCrossPlatformImageView {
                @objc func shouldPreloadAllAnimation() -> Bool { return true }
            }
            class Other {
                @objc func notInAnExtension() {}
            }
            extension String {
                func plain() {}
                @objc(custom) public func named(_ x: Int) {
                }
            }
            """
        #expect(ExtensionMethodOverrides.objcExtensionMethods(in: base) == ["shouldPreloadAllAnimation", "named"])
        let subclass = """
            open class AnimatedImageView: UIImageView {
                override func shouldPreloadAllAnimation() -> Bool {
                    return false
                }
                override open func layoutSubviews() {}
            }
            """
        let rewritten = try #require(ExtensionMethodOverrides.rewrite(subclass, names: ["shouldPreloadAllAnimation"]))
        #expect(rewritten.contains("    func shouldPreloadAllAnimation_() -> Bool {"))
        #expect(rewritten.contains("override open func layoutSubviews() {}"))
        #expect(rewritten.split(separator: "\n").count == subclass.split(separator: "\n").count)
    }

    @Test("A package's sources naming networking types or Darwin's Foundation names import those modules implicitly")
    func implicitImports() {
        var imports = LocalPackage.FoundationImports()
        imports.scan("import Foundation\nlet x = 1")
        #expect(imports.modules.isEmpty)
        imports.scan("let task = URLSession.shared.dataTask(with: url)")
        #expect(imports.modules == ["FoundationNetworking", "NSESimDownloads"])
        imports.scan("class Storage: NSDiscardableContent {}")
        #expect(imports.modules == ["FoundationNetworking", "NSESimDownloads", "UserNotifications"])
    }

    @Test("A package built against other frameworks loses its build products (not its checkouts) before it is built again")
    func buildAgainstOtherFrameworks() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-frameworks-stamp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for name in ["debug", "x86_64-unknown-linux-gnu", "checkouts"] {
            try FileManager.default.createDirectory(at: scratch.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        // No stamp yet (a build before this rule): nothing removed.
        LocalPackage.forgetBuildAgainstOtherFrameworks(scratch: scratch, stamp: "a")
        #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("debug").path))
        try Data("a".utf8).write(to: LocalPackage.frameworksStampFile(scratch: scratch))
        LocalPackage.forgetBuildAgainstOtherFrameworks(scratch: scratch, stamp: "a")
        #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("debug").path))
        LocalPackage.forgetBuildAgainstOtherFrameworks(scratch: scratch, stamp: "b")
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("debug").path))
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("x86_64-unknown-linux-gnu").path))
        #expect(FileManager.default.fileExists(atPath: scratch.appendingPathComponent("checkouts").path))
    }
}
