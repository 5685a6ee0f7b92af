import Foundation

/// A podspec's file patterns as CocoaPods expands them (Ruby's `Dir.glob`): `*` within a
/// folder, `**` across folders, `?`, `[abc]`, `{a,b}` alternatives; a pattern that names a
/// folder takes the source files below it.
package enum PodGlob {
    /// The extensions CocoaPods takes as source files when a pattern names a folder.
    package static let sourceExtensions: Set<String> = [
        "swift", "h", "hh", "hpp", "hxx", "ipp", "tpp", "def", "inl", "inc", "m", "mm", "c", "cc", "cxx", "cpp", "c++",
    ]

    /// The files among `files` (paths relative to the pod's folder) that `patterns` select,
    /// less those `excluded` selects, in `files`' order.
    package static func select(_ patterns: [String], excluding excluded: [String] = [], from files: [String]) -> [String] {
        let included = matcher(patterns, files: files)
        let left = matcher(excluded, files: files)
        return files.filter { included($0) && !left($0) }
    }

    /// Whether `path` is selected by any of `patterns`.
    private static func matcher(_ patterns: [String], files: [String]) -> (String) -> Bool {
        let expressions = patterns.flatMap(expand).compactMap { pattern -> (NSRegularExpression, NSRegularExpression)? in
            var pattern = pattern
            while pattern.hasPrefix("./") { pattern.removeFirst(2) }
            if pattern.hasSuffix("/") { pattern.removeLast() }
            let body = regex(pattern)
            guard let file = try? NSRegularExpression(pattern: "^\(body)$"),
                let folder = try? NSRegularExpression(pattern: "^\(body)/")
            else { return nil }
            return (file, folder)
        }
        return { path in
            let range = NSRange(path.startIndex..., in: path)
            return expressions.contains { file, folder in
                if file.firstMatch(in: path, range: range) != nil { return true }
                // A folder the pattern names: its source files, at any depth.
                let ext = (path as NSString).pathExtension.lowercased()
                return sourceExtensions.contains(ext) && folder.firstMatch(in: path, range: range) != nil
            }
        }
    }

    /// `{a,b}` alternatives expanded (nested ones too).
    package static func expand(_ pattern: String) -> [String] {
        guard let open = pattern.firstIndex(of: "{") else { return [pattern] }
        var depth = 0
        var close: String.Index?
        for index in pattern[open...].indices {
            if pattern[index] == "{" { depth += 1 }
            if pattern[index] == "}" {
                depth -= 1
                if depth == 0 {
                    close = index
                    break
                }
            }
        }
        guard let close else { return [pattern] }
        let inner = pattern[pattern.index(after: open)..<close]
        var options: [String] = []
        var current = ""
        depth = 0
        for character in inner {
            if character == "{" { depth += 1 }
            if character == "}" { depth -= 1 }
            if character == ",", depth == 0 {
                options.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        options.append(current)
        let before = pattern[..<open]
        let after = pattern[pattern.index(after: close)...]
        return options.flatMap { expand(before + $0 + after) }
    }

    /// The regular expression of a pattern without braces.
    private static func regex(_ pattern: String) -> String {
        var result = ""
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "*":
                if index + 1 < characters.count, characters[index + 1] == "*" {
                    index += 1
                    if index + 1 < characters.count, characters[index + 1] == "/" {
                        index += 1
                        result += "(?:[^/]+/)*"
                    } else {
                        result += ".*"
                    }
                } else {
                    result += "[^/]*"
                }
            case "?": result += "[^/]"
            case "[":
                var end = index + 1
                while end < characters.count, characters[end] != "]" { end += 1 }
                if end < characters.count {
                    result += "[" + String(characters[(index + 1)..<end]).replacingOccurrences(of: "\\", with: "\\\\") + "]"
                    index = end
                } else {
                    result += "\\["
                }
            default:
                result += NSRegularExpression.escapedPattern(for: String(character))
            }
            index += 1
        }
        return result
    }

    /// Every file below `folder` (`.git` and hidden folders left out), relative to it, sorted.
    package static func files(in folder: URL) -> [String] {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        var files: [String] = []
        let walker = FileManager.default.enumerator(
            at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let file = walker?.nextObject() as? URL {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = file.standardizedFileURL.resolvingSymlinksInPath().path
            guard path.hasPrefix(root + "/") else { continue }
            files.append(String(path.dropFirst(root.count + 1)))
        }
        return files.sorted()
    }
}
