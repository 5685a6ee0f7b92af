import Foundation

/// Which version of a remote Swift package to build: the pin of a `Package.resolved` (a
/// revision), or what an XcodeGen spec asks for when no pin exists.
package enum RemotePackageRequirement: Sendable, Equatable {
    /// One commit: a pin, or `revision:` in a spec.
    case revision(String)
    /// One version: `exactVersion:` in a spec.
    case exact(String)
    /// This version up to the next major one: `from:` / `majorVersion:`.
    case from(String)
    /// This version up to the next minor one: `minorVersion:`.
    case upToNextMinor(String)
    /// `minVersion:` ..< `maxVersion:`.
    case range(String, String)
    /// A branch's head: `branch:`.
    case branch(String)

    /// The requirement as a `.package(url:…)` declaration writes it, after the URL.
    package var manifestArguments: String {
        switch self {
        case .revision(let revision): "revision: \(Self.quoted(revision))"
        case .exact(let version): "exact: \(Self.quoted(version))"
        case .from(let version): "from: \(Self.quoted(version))"
        case .upToNextMinor(let version): ".upToNextMinor(from: \(Self.quoted(version)))"
        case .range(let low, let high): "\(Self.quoted(low))..<\(Self.quoted(high))"
        case .branch(let branch): "branch: \(Self.quoted(branch))"
        }
    }

    /// How messages name it: `at 1a2b3c4`, `1.2.0`, `from 5.0.0`.
    package var description: String {
        switch self {
        case .revision(let revision): "at \(revision.prefix(12))"
        case .exact(let version): version
        case .from(let version): "from \(version)"
        case .upToNextMinor(let version): "from \(version) (up to the next minor)"
        case .range(let low, let high): "\(low)..<\(high)"
        case .branch(let branch): "branch \(branch)"
        }
    }

    /// `text` as a Swift string literal.
    package static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
