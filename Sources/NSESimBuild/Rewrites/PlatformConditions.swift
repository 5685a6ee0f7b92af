import Foundation

/// `os(iOS)` in the compilation conditions of an iOS library, as nsesim builds it. Xcode
/// builds a package's code for the extension's platform, so `#if os(iOS) || os(tvOS)` holds
/// there, while Linux's compiler says false and leaves the code out: a UIKit library then
/// does not build (Kingfisher's `ImageTransition` declares its members under `os(iOS)` and
/// uses them under `!os(macOS)`), or builds without what iOS runs. In the build copy of a
/// package whose sources import UIKit (an iOS library, built against nsesim's UIKit),
/// `os(iOS)` in `#if` and `#elseif` lines reads `true   ` (same width: lines and columns
/// kept). Packages that do not import UIKit (swift-nio, swift-crypto) keep Linux's
/// conditions, where `os(iOS)` picks Darwin's system calls.
enum PlatformConditions {
    static let condition = "os(iOS)"

    /// The source with `os(iOS)` true in its conditions, nil when it has none.
    static func iOS(_ text: String) -> String? {
        guard text.contains(condition) else { return nil }
        var changed = false
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("#if ") || trimmed.hasPrefix("#elseif "), line.contains(condition) else { continue }
            // A condition's line ends at a comment; only what is before it is changed.
            let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
            let rest = line.dropFirst(code.count)
            lines[index] = code.replacingOccurrences(of: condition, with: "true   ") + rest
            changed = true
        }
        return changed ? lines.joined(separator: "\n") : nil
    }

    /// Whether the Swift sources below `folder` import UIKit (tests and examples left out).
    static func isIOSLibrary(_ folder: URL) -> Bool {
        let skipped: Set<String> = [".git", ".build", ".swiftpm", "Tests", "Example", "Examples", "Demo"]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let file = enumerator?.nextObject() as? URL {
            if skipped.contains(file.lastPathComponent) {
                enumerator?.skipDescendants()
                continue
            }
            guard file.pathExtension == "swift", file.lastPathComponent != "Package.swift",
                let text = try? String(contentsOf: file, encoding: .utf8)
            else { continue }
            if text.contains("import UIKit") { return true }
        }
        return false
    }
}
