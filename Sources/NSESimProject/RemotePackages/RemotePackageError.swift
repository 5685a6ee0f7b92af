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

    package var description: String {
        switch self {
        case .cannotFetch(let packages, let diagnostics):
            "cannot fetch the Swift package\(packages.count == 1 ? "" : "s") \(packages.joined(separator: ", ")) with SwiftPM:\n"
                + diagnostics.map { "  \($0)" }.joined(separator: "\n")
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
