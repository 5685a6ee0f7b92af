import Foundation

/// Why a project's remote Swift packages cannot be fetched or built with SwiftPM. Each
/// message names the packages and the ways in.
package enum RemotePackageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// SwiftPM cannot clone or resolve them (no network, a wrong mirror): its errors.
    case cannotFetch(packages: [String], diagnostics: [String])
    /// A package cannot build on Linux: a binary (xcframework) target, or Objective-C sources.
    case notForLinux(package: String, url: String, reason: String)
    /// SwiftPM fetched them, but they do not build: its errors.
    case buildFailed(packages: [String], diagnostics: [String])

    /// The ways in, said once in each message.
    package static let waysIn =
        "give a Linux-buildable copy of the package with --package PATH, or the Swift sources of the module "
        + "in Modules/NAME/ beside the project"

    /// Which repository SwiftPM could not get, said plainly: its errors name a clone that
    /// failed by its cache folder (`repositories/negentropy-swift-0ba0e2e8`, damus's package with
    /// no clone at its address) or a pinned commit a clone lacks (a mirror older than the pin).
    package static func unreachable(in diagnostics: [String], packages: [String]) -> [String] {
        var found: [String] = []
        func add(_ line: String) { if !found.contains(line) { found.append(line) } }
        for line in diagnostics {
            if let match = line.firstMatch(of: /could not find the commit ([0-9a-f]+) in (\S+?)\.?$/) {
                add(
                    "\(match.output.2) has no commit \(match.output.1.prefix(12)): the clone SwiftPM reached is older than "
                        + "the pin (a mirror taken before it); give a clone that has it")
            } else if let match = line.firstMatch(of: /Failed to clone repository (\S+?):?$/) {
                add("SwiftPM could not clone \(match.output.1): no repository answered at that address")
            } else if let match = line.firstMatch(of: /repositories\/([^\/'\s]+)-[0-9a-f]{8}/) {
                let name = String(match.output.1).lowercased()
                let url =
                    packages.first { label in
                        let address = label.split(separator: " ").first.map(String.init) ?? label
                        var last = (address.split(separator: "/").last.map(String.init) ?? "").lowercased()
                        if last.hasSuffix(".git") { last.removeLast(4) }
                        return last == name
                    }?.split(separator: " ").first.map(String.init) ?? name
                add("SwiftPM could not clone \(url): no repository answered at that address")
            }
        }
        return found
    }

    package var description: String {
        switch self {
        case .cannotFetch(let packages, let diagnostics):
            "cannot fetch the Swift package\(packages.count == 1 ? "" : "s") \(packages.joined(separator: ", ")) with SwiftPM:\n"
                + diagnostics.map { "  \($0)" }.joined(separator: "\n")
                + Self.unreachable(in: diagnostics, packages: packages).map { "\n  \($0)" }.joined()
                + "\nwithout the network, point each at a local clone with --package-mirror URL=PATH (or SwiftPM's mirrors in "
                + "~/.swiftpm/configuration/mirrors.json), or \(Self.waysIn)"
        case .notForLinux(let package, let url, let reason):
            "the Swift package \(package) (\(url)) cannot build on Linux: \(reason); \(Self.waysIn)"
        case .buildFailed(let packages, let diagnostics):
            "the Swift package\(packages.count == 1 ? "" : "s") \(packages.joined(separator: ", ")) do\(packages.count == 1 ? "es" : "") "
                + "not build on Linux:\n" + diagnostics.map { "  \($0)" }.joined(separator: "\n") + "\n\(Self.waysIn)"
        }
    }
}
