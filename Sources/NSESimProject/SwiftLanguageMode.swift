import Foundation

/// A project's `SWIFT_VERSION` as swiftc's `-swift-version` takes it. swiftc accepts only
/// the language modes (`4`, `4.2`, `5`, `6`); Xcode lets a project say the compiler version
/// it was written for (`5.5`, `5.9`, `6.2`) and builds it in that version's language mode.
package enum SwiftLanguageMode {
    /// `5.5` → `5`, `6.2` → `6`, `5.0` → `5`, `4.2` → `4.2`, `4.0` → `4`; anything else as written
    /// (swiftc then names what it accepts).
    package static func swiftcVersion(for setting: String) -> String {
        let version = setting.trimmingCharacters(in: .whitespaces)
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard let major = parts.first.flatMap({ Int($0) }), parts.allSatisfy({ Int($0) != nil }) else { return version }
        if major == 4, parts.count > 1, let minor = Int(parts[1]), minor >= 2 { return "4.2" }
        return String(major)
    }

    /// The language modes swiftc 6 accepts.
    package static let supported = ["4", "4.2", "5", "6"]

    /// Whether swiftc accepts `version` (as `swiftcVersion(for:)` gives it).
    package static func isSupported(_ version: String) -> Bool { supported.contains(version) }
}
