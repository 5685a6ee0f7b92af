import Foundation

/// XcodeGen's `excludes` / `includes` patterns: `*` within a path component, `**` across
/// them, `?`, and `[…]` sets, matched against a path relative to the source folder.
package struct XcodeGenGlob: Sendable {
    package let pattern: String
    private let expression: NSRegularExpression?

    package init(_ pattern: String) {
        self.pattern = pattern
        var regex = "^"
        var index = pattern.startIndex
        while index < pattern.endIndex {
            let character = pattern[index]
            let next = pattern.index(after: index)
            switch character {
            case "*" where next < pattern.endIndex && pattern[next] == "*":
                let after = pattern.index(after: next)
                if after < pattern.endIndex && pattern[after] == "/" {
                    regex += "(?:.*/)?"
                    index = pattern.index(after: after)
                } else {
                    regex += ".*"
                    index = after
                }
                continue
            case "*": regex += "[^/]*"
            case "?": regex += "[^/]"
            case "[":
                if let close = pattern[next...].firstIndex(of: "]") {
                    regex += "[" + pattern[next..<close].replacingOccurrences(of: "\\", with: "\\\\") + "]"
                    index = pattern.index(after: close)
                    continue
                }
                regex += "\\["
            default: regex += NSRegularExpression.escapedPattern(for: String(character))
            }
            index = next
        }
        expression = try? NSRegularExpression(pattern: regex + "(?:/.*)?$")
    }

    /// Whether `path` (or a folder it lies in) matches.
    package func matches(_ path: String) -> Bool {
        expression?.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
    }
}
