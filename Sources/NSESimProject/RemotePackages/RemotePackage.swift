import Foundation

/// A Swift package a target links from a repository (`XCRemoteSwiftPackageReference`, or a
/// `url:` package of an XcodeGen spec): built with SwiftPM at its pin, as Xcode builds it.
package struct RemotePackage: Sendable, Equatable {
    /// The repository URL as the project names it.
    package let url: String
    /// The products the target (and its frameworks) link.
    package var products: [String]
    /// What to build: the pin's revision, or the spec's requirement.
    package let requirement: RemotePackageRequirement
    /// The version the pin names, for messages; nil without one.
    package let version: String?
    /// The `Package.resolved` the pin comes from; nil for a spec's requirement.
    package let resolvedFile: URL?

    package init(url: String, products: [String], requirement: RemotePackageRequirement, version: String?, resolvedFile: URL?) {
        self.url = url
        self.products = products
        self.requirement = requirement
        self.version = version
        self.resolvedFile = resolvedFile
    }

    /// SwiftPM's identity of the package: the URL's last component without `.git`, lowercased.
    package var identity: String { Self.identity(of: url) }

    /// The identity of the package at `location` (a URL or a path).
    package static func identity(of location: String) -> String {
        var last = location.split(separator: "/").last.map(String.init) ?? location
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }

    /// The name the wrapper's manifest gives `.product(package:)`: the URL's last component without `.git`.
    package var packageArgument: String {
        var last = url.split(separator: "/").last.map(String.init) ?? url
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last
    }

    /// How messages name it: `https://github.com/acme/TinyKit.git (1.2.0, at 1a2b3c4d5e6f)`.
    package var label: String {
        "\(url) (" + [version, requirement.description].compactMap { $0 }.joined(separator: ", ") + ")"
    }
}
