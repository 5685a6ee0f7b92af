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
