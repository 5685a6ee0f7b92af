import Foundation

/// A CocoaPods `Podfile` read for what it declares (it is Ruby; nsesim reads the forms
/// Podfiles use, without running it): the `target` and `abstract_target` blocks, the
/// `pod` lines of each, `def` groups of pods used by name, and `inherit!`.
package struct Podfile: Sendable {
    /// A `target` or `abstract_target` block (the root is the file's top level).
    package struct Block: Sendable {
        package let name: String
        package let parent: Int?
        package var pods: [String] = []
        /// `inherit! :search_paths` (or `:none`): the parent's pods are not linked.
        package var inheritsPods = true
    }

    /// The file.
    package let file: URL
    package private(set) var blocks: [Block] = [Block(name: "", parent: nil)]
    /// The development pods' folders as the Podfile gives them (`pod 'Core', :path => 'Modules/Core'`).
    package private(set) var localPaths: [String: String] = [:]
    /// The pods fetched from a repository as the Podfile gives them (`pod 'X', :git => URL, :tag => '1.0'`), by root name.
    package private(set) var gitSources: [String: Podspec.Source] = [:]

    /// Reads `file`; nil when there is none.
    package init?(contentsOf file: URL) {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        self.file = file
        parse(text)
    }

    /// The names of the pods target `name` links: its block's, then its parents' unless it
    /// inherits search paths only; nil when no block names the target.
    package func pods(forTarget name: String) -> [String]? {
        guard var index = blocks.firstIndex(where: { $0.name == name }) else { return nil }
        var pods: [String] = []
        while true {
            let block = blocks[index]
            pods += block.pods.filter { !pods.contains($0) }
            guard block.inheritsPods, let parent = block.parent else { break }
            index = parent
        }
        return pods
    }

    private enum Scope { case block(Int), definition(String), other }

    private mutating func parse(_ text: String) {
        var stack: [Scope] = [.block(0)]
        var definitions: [String: [String]] = [:]
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = Self.withoutComment(raw).trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "," })
            let first = words.first.map(String.init) ?? ""
            let current = stack.last ?? .block(0)
            func owner() -> Int {
                for scope in stack.reversed() { if case .block(let index) = scope { return index } }
                return 0
            }
            switch first {
            case "target", "abstract_target":
                let name = Self.firstString(in: line) ?? ""
                blocks.append(Block(name: name, parent: owner()))
                stack.append(.block(blocks.count - 1))
            case "def":
                stack.append(.definition(words.count > 1 ? String(words[1]) : ""))
            case "pod":
                guard let pod = Self.firstString(in: line) else { continue }
                if let path = Self.localPath(in: line) { localPaths[pod] = path }
                if let git = Self.option("git", in: line) {
                    gitSources[Podspec.root(of: pod)] = Podspec.Source(
                        git: git, tag: Self.option("tag", in: line), commit: Self.option("commit", in: line),
                        branch: Self.option("branch", in: line), submodules: line.contains("submodules"))
                }
                switch current {
                case .definition(let name): definitions[name, default: []].append(pod)
                default: blocks[owner()].pods.append(pod)
                }
            case "inherit!":
                if line.contains(":search_paths") || line.contains(":none") { blocks[owner()].inheritsPods = false }
            case "end":
                if stack.count > 1 { stack.removeLast() }
            default:
                if let pods = definitions[first], words.count == 1 || line.hasSuffix("()") {
                    switch current {
                    case .definition(let name): definitions[name, default: []] += pods
                    default: blocks[owner()].pods += pods
                    }
                } else if Self.opensBlock(line, first: first) {
                    stack.append(.other)
                }
            }
        }
    }

    /// Whether a line opens a Ruby block that an `end` closes.
    private static func opensBlock(_ line: String, first: String) -> Bool {
        if ["if", "unless", "case", "begin", "while", "until", "for", "module", "class"].contains(first) { return true }
        if line.hasSuffix(" do") || line == "do" { return true }
        if let range = line.range(of: " do |"), line[range.upperBound...].contains("|") { return true }
        return false
    }

    /// The folder of a development pod: `:path => '../Core'` or `path: '../Core'`.
    package static func localPath(in line: String) -> String? {
        option("path", in: line)
    }

    /// The value of a pod line's option `name`: `:name => 'value'`, `:name=>'value'` or `name: 'value'`.
    package static func option(_ name: String, in line: String) -> String? {
        for marker in [":\(name) =>", ":\(name)=>", " \(name):", ",\(name):"] {
            guard let range = line.range(of: marker) else { continue }
            return firstString(in: String(line[range.upperBound...]))
        }
        return nil
    }

    /// The first quoted string of a line: `'Firebase/Messaging'`.
    package static func firstString(in line: String) -> String? {
        guard let start = line.firstIndex(where: { $0 == "'" || $0 == "\"" }) else { return nil }
        let quote = line[start]
        let rest = line[line.index(after: start)...]
        guard let end = rest.firstIndex(of: quote) else { return nil }
        return String(rest[..<end])
    }

    /// A line without its `#` comment (a `#` inside quotes is kept).
    package static func withoutComment(_ line: Substring) -> Substring {
        var quote: Character?
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#" {
                return line[..<index]
            }
        }
        return line
    }
}
