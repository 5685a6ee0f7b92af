/// One place where nsesim's build copy of a source differs from the user's file, and why
/// (`ObjCAttributes`, `ErrorBridging`).
package struct SourceRewrite: Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1.
    package let line: Int
    /// What was there: `@objc`, `#selector(handle)`, `catch let error as NSError`.
    package let removed: String
    /// What it became; empty when it was blanked out.
    package let replacement: String
    /// Why: "Linux has no Objective-C runtime".
    package let reason: String

    package var description: String {
        replacement.isEmpty ? "\(removed) removed" : "\(removed) replaced by \(replacement)"
    }
}

extension SourceRewrite {
    /// `source` with `support` appended after its last line (no line of it moves), and the
    /// change reported at the first line that names one of `names`: how the build gives a file
    /// what Linux lacks and it uses (`AssociatedObjects`, `NetworkingAdditions`).
    static func appending(
        _ support: String, to source: String, firstNaming names: [String], removed: String, replacement: String, reason: String
    ) -> (text: String, changes: [SourceRewrite]) {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let index = lines.firstIndex { line in names.contains { line.contains($0) } } ?? lines.count
        let change = SourceRewrite(line: index + 1, removed: removed, replacement: replacement, reason: reason)
        return ((source.hasSuffix("\n") ? source : source + "\n") + support, [change])
    }
}
