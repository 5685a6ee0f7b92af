import Testing

@testable import NSESimBuild

/// What nsesim changes in a package's sources before SwiftPM builds them, and what it says
/// when SwiftPM cannot fetch a local package's dependencies, in the shapes the large apps showed.
@Suite("Local packages: build copies and fetch failures")
struct LocalPackageBuildInputTests {
    @Test(
        "`import os.log` and `import OSLog` in a package (openHAB's OpenHABCore) are imported as os, columns kept; other sources are left alone"
    )
    func submoduleImports() {
        #expect(LocalPackage.rewrittenForLinux("import Foundation\nimport os.log\n") == "import Foundation\nimport os    \n")
        #expect(LocalPackage.rewrittenForLinux("import OSLog\nlet x = 1\n") == "import os   \nlet x = 1\n")
        #expect(LocalPackage.rewrittenForLinux("import Foundation\nlet log = \"os.log\"\n") == nil)
        #expect(LocalPackage.rewrittenForLinux("@objc final class A {}\n") != nil)
    }

    @Test(
        "A .package(path:) dependency not on disk (mastodon-ios's ../dependencies/ArkanaKeys, which Arkana generates) is named as such, not as a mirror to give"
    )
    func missingLocalDependency() {
        let hint = LocalPackage.fetchHint(
            errors: [
                "error: the package at '/src/mastodon/dependencies/ArkanaKeys' cannot be accessed "
                    + "(/src/mastodon/dependencies/ArkanaKeys doesn't exist in file system)"
            ],
            manifest: #".package(name: "ArkanaKeys", path: "../dependencies/ArkanaKeys"),"#, package: "/src/mastodon/MastodonSDK")
        #expect(hint.count == 1)
        #expect(hint[0].hasPrefix("/src/mastodon/dependencies/ArkanaKeys is a local package dependency"))
        #expect(hint[0].contains("/src/mastodon/MastodonSDK/Package.swift"))
        #expect(!hint[0].contains("--package-mirror"))
    }

    @Test(
        "A clone that fails (openHAB's OpenHABCore over Alamofire and Kingfisher) is named, then the manifest's remote dependencies with --package-mirror"
    )
    func remoteDependenciesNamed() {
        let manifest = """
            dependencies: [
                .package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.0.0"),
                .package(name: "Kingfisher", url: "https://github.com/onevcat/Kingfisher.git", from: "7.0.0")
            ],
            """
        let hint = LocalPackage.fetchHint(
            errors: ["error: Failed to clone repository https://github.com/Alamofire/Alamofire.git:"], manifest: manifest,
            package: "/src/openhab/OpenHABCore")
        #expect(
            hint == [
                "SwiftPM could not clone https://github.com/Alamofire/Alamofire.git: no repository answered at that address",
                "without the network, point each remote dependency (https://github.com/Alamofire/Alamofire.git, "
                    + "https://github.com/onevcat/Kingfisher.git) at a local clone with --package-mirror URL=PATH "
                    + "(or SwiftPM's mirrors in ~/.swiftpm/configuration/mirrors.json)",
            ])
    }

    @Test(
        "A local package's dependencies conditioned on iOS (openHAB's OpenHABCore: Alamofire .when(platforms: [.iOS, .watchOS])) are kept on Linux, as for the iOS extension; other conditions are left alone"
    )
    func iOSConditionsKept() {
        let manifest = """
            .product(name: "Alamofire", package: "Alamofire", condition: .when(platforms: [.iOS, .watchOS])),
            .product(name: "Kingfisher", package: "Kingfisher", condition: .when(platforms: [.iOS])),
            .product(name: "AppKitOnly", package: "Mac", condition: .when(platforms: [.macOS])),
            """
        #expect(
            LocalPackage.iOSConditionsOnLinux(manifest) == """
                .product(name: "Alamofire", package: "Alamofire", condition: .when(platforms: [.iOS, .watchOS, .linux])),
                .product(name: "Kingfisher", package: "Kingfisher", condition: .when(platforms: [.iOS, .linux])),
                .product(name: "AppKitOnly", package: "Mac", condition: .when(platforms: [.macOS])),
                """)
        #expect(LocalPackage.iOSConditionsOnLinux(#".product(name: "A", package: "A")"#) == nil)
    }

    @Test(
        "A dependency of a dependency SwiftPM could not clone (IceCubes' Timeline → swift-markdown → swift-cmark) is named from its cache folder"
    )
    func transitiveCloneNamed() {
        let hint = LocalPackage.fetchHint(
            errors: [
                "error: Git command 'git -C /root/.cache/org.swift.swiftpm/repositories/swift-cmark-7ac81116 config --get "
                    + "remote.origin.url' failed: fatal: cannot change to '/root/.cache/org.swift.swiftpm/repositories/swift-cmark-7ac81116'"
            ],
            manifest: #".package(url: "https://github.com/mergesort/Bodega", from: "2.0.0"),"#, package: "/src/IceCubes/Packages/Timeline")
        #expect(hint.first == "SwiftPM could not clone swift-cmark: no repository answered at that address")
        #expect(hint.last?.contains("(https://github.com/mergesort/Bodega)") == true)
    }

    @Test(
        "A local package whose fetched dependency does not build (openHAB's OpenHABCore over Alamofire's SecTrust code) names the dependency, its URL and a mirror as the way in, and what Security lacks"
    )
    func dependencyBuildFailureNamed() {
        let hint = LocalPackage.buildHint(
            errors: [
                "/root/.cache/nsesim/packages/OpenHABCore-60e2/checkouts/Alamofire/Source/Features/ServerTrustEvaluation.swift:581:22: "
                    + "error: cannot find 'SecTrustSetAnchorCertificates' in scope"
            ],
            manifest: #".package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.0.0"),"#, package: "/src/openhab/OpenHABCore")
        #expect(hint.count == 2)
        #expect(
            hint[0].hasPrefix(
                "the errors are in Alamofire (https://github.com/Alamofire/Alamofire.git), fetched for /src/openhab/OpenHABCore"))
        #expect(hint[0].contains("--package-mirror URL=PATH"))
        #expect(hint[1].contains("not certificate trust"))
        let own = LocalPackage.buildHint(
            errors: ["/src/app/Core/Sources/Core/A.swift:1:8: error: no such module 'Network'"], manifest: "", package: "/src/app/Core")
        // The package nsesim writes for a project's remote packages (Siskin's Martin over Apple's Network) names no copy of itself.
        let wrapped = LocalPackage.buildHint(
            errors: ["/root/.cache/nsesim/packages/efdd/checkouts/Martin/Sources/Martin/A.swift:24:8: error: no such module 'Network'"],
            manifest: "", package: nil)
        #expect(wrapped.count == 1)
        #expect(wrapped[0].hasPrefix("the errors are in Martin, fetched: built against nsesim's frameworks"))
        #expect(wrapped[0].hasSuffix("with --package-mirror URL=PATH"))
        #expect(
            own == [
                "the errors are in /src/app/Core's own sources: make them build on Linux (#if os(Linux) around what Linux's "
                    + "toolchain and nsesim's frameworks lack), or give a copy that does with --package PATH"
            ])
    }
}
