import Foundation
import NSESimBuild

/// The findings in a sanitizer runtime's log, as the extension process wrote it with
/// ``Sanitizer/options(logPath:)`` (`log_path`, frames in ``frameFormat``): a pure
/// parser of ThreadSanitizer's, AddressSanitizer's and UndefinedBehaviorSanitizer's reports
/// (docs/sanitizers.md#the-report).
package enum SanitizerLog {
    /// The runtimes' `stack_trace_format`: one frame a line, its parts between bars (index, pc,
    /// function, file, line, column, module, offset), the same for the three sanitizers.
    package static let frameFormat = "    #%n|%p|%f|%s|%l|%c|%m|%o"

    /// The findings in `text`, in order, the same race reported twice (as a Swift access race and
    /// a data race at the same place) once; frames' functions as the runtime named them
    /// (mangled: ``StackSymbolication/demangle(_:)`` names them).
    package static func parse(_ text: String, ownCode: OwnCode) -> [SanitizerFinding] {
        merged(parseAll(text, ownCode: ownCode))
    }

    /// Every finding in `text`, in order, repeats too (they are merged once the frames are
    /// symbolicated: ``merged(_:)``).
    package static func parseAll(_ text: String, ownCode: OwnCode) -> [SanitizerFinding] {
        var findings: [SanitizerFinding] = []
        var current: (sanitizer: String, kind: String, headline: String, details: [String], stacks: [SanitizerStack])?
        var stackTitle: String?
        var frames: [StackFrame] = []

        func endStack() {
            if current != nil, !frames.isEmpty {
                current!.stacks.append(SanitizerStack(title: stackTitle ?? "", frames: frames))
            }
            frames = []
            stackTitle = nil
        }
        func endFinding() {
            endStack()
            guard let found = current else { return }
            current = nil
            let summary = ([found.headline] + found.details.prefix(2)).filter { !$0.isEmpty }.joined(separator: "; ")
            let finding = SanitizerFinding(sanitizer: found.sanitizer, kind: found.kind, summary: summary, stacks: found.stacks)
            findings.append(finding)
        }

        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let what = headline(trimmed, marker: "WARNING: ThreadSanitizer: ") {
                endFinding()
                current = ("thread", threadKind(what), what, [], [])
            } else if let error = headline(trimmed, marker: "ERROR: AddressSanitizer: ") {
                endFinding()
                let what = error.split(separator: " ").first.map(String.init) ?? error
                current = ("address", addressKind(what), what, [], [])
            } else if let range = trimmed.range(of: ": runtime error: ") {
                endFinding()
                let message = String(trimmed[range.upperBound...])
                current = ("undefined", undefinedKind(message), message, [], [])
                // The site it names (`file.c:5:10`): the title of the stack that follows.
                let site = String(trimmed[..<range.lowerBound])
                stackTitle = "at \(site)"
            } else if trimmed.hasPrefix("SUMMARY: UndefinedBehaviorSanitizer: "), current?.sanitizer == "undefined" {
                // With report_error_type=1: `SUMMARY: UndefinedBehaviorSanitizer: signed-integer-overflow file:line:col`.
                let rest = trimmed.dropFirst("SUMMARY: UndefinedBehaviorSanitizer: ".count)
                if let check = rest.split(separator: " ").first, check != "undefined-behavior" { current!.kind = String(check) }
                endFinding()
            } else if trimmed.hasPrefix("SUMMARY: ") || trimmed.hasPrefix("==================") {
                if current?.sanitizer != "address" || trimmed.hasPrefix("SUMMARY: ") { endFinding() }
            } else if trimmed.hasPrefix("#"), trimmed.contains("|") {
                if let frame = frame(trimmed) { frames.append(ownCode.marked(frame)) }
            } else if current != nil, !trimmed.isEmpty {
                // A stack's title (`Previous write of size 1 at 0x… by thread T1:`), or a detail line.
                endStack()
                let title = withoutAddresses(trimmed)
                stackTitle = title
                if current!.details.count < 2, isDetail(title) { current!.details.append(title) }
            }
        }
        endFinding()
        return findings
    }

    /// `findings` with the same place reported again (ThreadSanitizer's Swift access race, then
    /// its data race) once, the report with a line kept.
    package static func merged(_ findings: [SanitizerFinding]) -> [SanitizerFinding] {
        var kept: [SanitizerFinding] = []
        for finding in findings {
            if let index = kept.firstIndex(where: { isSamePlace($0, finding) }) {
                if kept[index].ownFrame?.line == nil, finding.ownFrame?.line != nil { kept[index] = finding }
            } else {
                kept.append(finding)
            }
        }
        return kept
    }

    /// `findings` with the frames the runtime left unsymbolized (`symbolize=0`: reporting does not
    /// stop the extension's thread for a symbolizer) given their function, file, line and column
    /// by `llvm-symbolizer`, one run per image, and marked as own code or not again.
    package static func symbolicated(
        _ findings: [SanitizerFinding], ownCode: OwnCode, with symbolication: StackSymbolication
    ) async -> [SanitizerFinding] {
        var wanted: [String: Set<UInt64>] = [:]
        for finding in findings {
            for stack in finding.stacks {
                for frame in stack.frames where frame.function == nil && frame.file == nil {
                    guard let path = frame.modulePath, let offset = frame.moduleOffset else { continue }
                    wanted[path, default: []].insert(offset)
                }
            }
        }
        var found: [String: [UInt64: StackSymbolication.Location]] = [:]
        for (path, offsets) in wanted {
            let ordered = offsets.sorted()
            let locations = await symbolication.locate(ordered, in: path)
            for (offset, location) in zip(ordered, locations) {
                if let location { found[path, default: [:]][offset] = location }
            }
        }
        return findings.map { finding in
            let stacks = finding.stacks.map { stack in
                SanitizerStack(
                    title: stack.title,
                    frames: stack.frames.map { frame in
                        guard let path = frame.modulePath, let offset = frame.moduleOffset, let location = found[path]?[offset],
                            frame.function == nil, frame.file == nil
                        else { return frame }
                        var named = frame
                        named.function = location.function
                        named.file = location.file == "/<compiler-generated>" ? "<compiler-generated>" : location.file
                        named.line = location.line
                        named.column = location.column
                        return ownCode.marked(named)
                    })
            }
            return SanitizerFinding(sanitizer: finding.sanitizer, kind: finding.kind, summary: finding.summary, stacks: stacks)
        }
    }

    /// Whether two findings are one: the same kind at the same own frame (its file and function,
    /// and its line when both have one), or, without own frames, at the same innermost function.
    static func isSamePlace(_ one: SanitizerFinding, _ other: SanitizerFinding) -> Bool {
        guard one.kind == other.kind else { return false }
        switch (one.ownFrame, other.ownFrame) {
        case (let first?, let second?):
            return first.file == second.file && first.function == second.function
                && (first.line == nil || second.line == nil || first.line == second.line)
        case (nil, nil):
            return one.stacks.first?.frames.first?.function == other.stacks.first?.frames.first?.function
        default:
            return false
        }
    }

    /// What follows `marker` in `line`, up to ` (pid=…)` or ` on address …`; nil without the marker.
    private static func headline(_ line: String, marker: String) -> String? {
        guard let range = line.range(of: marker) else { return nil }
        var what = String(line[range.upperBound...])
        if let pid = what.range(of: " (pid=") { what = String(what[..<pid.lowerBound]) }
        if let on = what.range(of: " on address ") { what = String(what[..<on.lowerBound]) }
        return what
    }

    /// The lines that say what happened (the accesses, the region), not where threads were made.
    private static func isDetail(_ title: String) -> Bool {
        let lower = title.lowercased()
        return !lower.hasPrefix("thread ") && !lower.hasPrefix("location is") && !lower.hasPrefix("as if synchronized")
            && !lower.hasPrefix("shadow") && !lower.hasPrefix("allocated by") && !lower.hasPrefix("freed by")
            && !lower.hasPrefix("previously allocated") && !lower.hasPrefix("address ") && !lower.hasPrefix("=>")
            && !lower.hasPrefix("0x") && !lower.contains("shadow byte") && !lower.hasPrefix("addressable")
            && !lower.hasPrefix("partially") && !lower.hasPrefix("heap ") && !lower.hasPrefix("stack ")
            && !lower.hasPrefix("global ") && !lower.hasPrefix("poisoned") && !lower.hasPrefix("container")
            && !lower.hasPrefix("array cookie") && !lower.hasPrefix("intra object") && !lower.hasPrefix("asan internal")
            && !lower.hasPrefix("left alloca") && !lower.hasPrefix("right alloca") && !lower.hasPrefix("freed heap")
            && !lower.hasPrefix("hint:") && !lower.hasPrefix("==") && !lower.hasPrefix("mutex ")
    }

    /// One frame of ``frameFormat``.
    static func frame(_ line: String) -> StackFrame? {
        let parts = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 8 else { return nil }
        func known(_ text: String) -> String? { text.isEmpty || text == "<null>" ? nil : text }
        var frame = StackFrame(
            function: known(parts[2]), module: known(parts[6]), file: known(parts[3]),
            line: Int(parts[4]).flatMap { $0 > 0 ? $0 : nil }, column: Int(parts[5]).flatMap { $0 > 0 ? $0 : nil },
            address: known(parts[1]))
        // A file without a line is the compiler's or a library's build folder's, not one to open.
        if frame.file == "/<compiler-generated>" { frame.file = "<compiler-generated>" }
        frame.modulePath = frame.module
        frame.moduleOffset = parts[7].hasPrefix("0x") ? UInt64(parts[7].dropFirst(2), radix: 16) : nil
        frame.module = frame.module.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        return frame
    }

    /// ThreadSanitizer's words as a kind: a data race and a Swift access race are both `data-race`.
    static func threadKind(_ what: String) -> String {
        switch what {
        case "data race", "Swift access race": "data-race"
        default: slug(what)
        }
    }

    /// AddressSanitizer's kinds as it names them, a use after free by its short name.
    static func addressKind(_ what: String) -> String {
        what == "heap-use-after-free" ? "use-after-free" : slug(what)
    }

    /// UBSan's message as a check name, until the summary line names it (`report_error_type=1`).
    static func undefinedKind(_ message: String) -> String {
        let lower = message.lowercased()
        let known: [(String, String)] = [
            ("signed integer overflow", "signed-integer-overflow"), ("unsigned integer overflow", "unsigned-integer-overflow"),
            ("division by zero", "integer-divide-by-zero"), ("null pointer", "null-pointer-use"),
            ("misaligned address", "misaligned-pointer-use"), ("out of bounds for type", "out-of-bounds-index"),
            ("shift exponent", "invalid-shift-exponent"), ("is outside the range of representable", "float-cast-overflow"),
        ]
        return known.first { lower.contains($0.0) }?.1 ?? "undefined-behavior"
    }

    /// `lock-order-inversion (potential deadlock)` → `lock-order-inversion`; `thread leak` → `thread-leak`.
    static func slug(_ text: String) -> String {
        let head = text.split(separator: "(").first.map(String.init) ?? text
        return head.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "-")
    }

    /// A line with its addresses (`at 0x…`, `[0x…, 0x…)`) and a trailing colon left out:
    /// `Previous write of size 1 at 0x7208… by thread T1:` → `Previous write of size 1 by thread T1`.
    static func withoutAddresses(_ line: String) -> String {
        var words: [Substring] = []
        for word in line.split(separator: " ") {
            if word.hasPrefix("0x") || word.hasPrefix("[0x") {
                if let last = words.last, last == "at" || last == "on" { words.removeLast() }
                continue
            }
            words.append(word)
        }
        var text = words.joined(separator: " ")
        if text.hasSuffix(":") { text.removeLast() }
        if text.hasSuffix(" at") { text.removeLast(3) }
        return text
    }

    /// The findings in the log files the process wrote (`PREFIX.PID`), read and removed.
    package static func collect(prefix: String, ownCode: OwnCode) -> [SanitizerFinding] {
        let url = URL(fileURLWithPath: prefix)
        let folder = url.deletingLastPathComponent()
        let name = url.lastPathComponent + "."
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(name) }.sorted()
        var findings: [SanitizerFinding] = []
        for file in files {
            let path = folder.appendingPathComponent(file)
            if let data = try? Data(contentsOf: path) {
                findings += parseAll(String(decoding: data, as: UTF8.self), ownCode: ownCode)
            }
            try? FileManager.default.removeItem(at: path)
        }
        return findings
    }

    /// `findings` with the own frames the line tables gave line 0 lined: a Swift access check's
    /// call is compiler-generated code at line 0 (its column kept), the statement it checks is a
    /// few instructions before it; the nearest earlier instruction at the same column with a line
    /// gives it (else the nearest with any line), up to ``lineSearchBytes`` back. The own frames
    /// are chosen again.
    package static func lined(_ findings: [SanitizerFinding], with symbolication: StackSymbolication) async -> [SanitizerFinding] {
        var wanted: [String: Set<UInt64>] = [:]
        for finding in findings {
            for stack in finding.stacks {
                for frame in stack.frames where frame.isOwnCode && frame.line == nil {
                    guard let path = frame.modulePath, let offset = frame.moduleOffset, offset > 0 else { continue }
                    wanted[path, default: []].insert(offset)
                }
            }
        }
        guard !wanted.isEmpty else { return findings }
        var resolved: [String: [UInt64: (line: Int, column: Int?)]] = [:]
        for (path, offsets) in wanted {
            let ordered = offsets.sorted()
            let probes = ordered.flatMap { offset in (1...min(lineSearchBytes, offset)).map { offset - $0 } }
            let locations = await symbolication.locate(probes, in: path)
            guard locations.count == probes.count else { continue }
            var index = 0
            for offset in ordered {
                let count = Int(min(lineSearchBytes, offset))
                let window = zip(probes[index..<index + count], locations[index..<index + count])
                index += count
                let column = Self.column(at: offset, in: findings)
                let lined = window.compactMap { probe, location -> (line: Int, column: Int?)? in
                    guard let location, let line = location.line else { return nil }
                    return (line, location.column)
                }
                if let best = lined.first(where: { $0.column != nil && $0.column == column }) ?? lined.first {
                    resolved[path, default: [:]][offset] = best
                }
            }
        }
        return findings.map { finding in
            let stacks = finding.stacks.map { stack in
                SanitizerStack(
                    title: stack.title,
                    frames: stack.frames.map { frame in
                        guard frame.isOwnCode, frame.line == nil, let path = frame.modulePath, let offset = frame.moduleOffset,
                            let found = resolved[path]?[offset]
                        else { return frame }
                        var lined = frame
                        lined.line = found.line
                        return lined
                    })
            }
            return SanitizerFinding(sanitizer: finding.sanitizer, kind: finding.kind, summary: finding.summary, stacks: stacks)
        }
    }

    /// How far back ``lined(_:with:)`` looks for the statement's line.
    static let lineSearchBytes: UInt64 = 64

    /// The column of the own frame at `offset`, as the runtime printed it.
    private static func column(at offset: UInt64, in findings: [SanitizerFinding]) -> Int? {
        for finding in findings {
            for stack in finding.stacks {
                if let frame = stack.frames.first(where: { $0.moduleOffset == offset }) { return frame.column }
            }
        }
        return nil
    }

    /// `findings` with their functions demangled (`$s19NotificationService…` →
    /// `NotificationService.didReceive(_:withContentHandler:)`).
    package static func demangled(_ findings: [SanitizerFinding], with symbolication: StackSymbolication) async -> [SanitizerFinding] {
        let names = findings.flatMap { $0.stacks.flatMap { $0.frames.compactMap(\.function) } + [$0.ownFrame?.function].compactMap { $0 } }
        let mangled = Array(Set(names.filter(StackSymbolication.isMangledSwift)))
        guard !mangled.isEmpty else { return findings }
        let readable = await symbolication.demangle(mangled)
        guard readable.count == mangled.count else { return findings }
        let table = Dictionary(zip(mangled, readable), uniquingKeysWith: { first, _ in first })
        func name(_ frame: StackFrame) -> StackFrame {
            var frame = frame
            if let function = frame.function, let readable = table[function] { frame.function = readable }
            return frame
        }
        return findings.map { finding in
            var finding = finding
            finding.stacks = finding.stacks.map { SanitizerStack(title: $0.title, frames: $0.frames.map(name)) }
            finding.ownFrame = finding.ownFrame.map(name)
            return finding
        }
    }
}
