import Foundation
import Subprocess
import SystemPackage

/// The one place nsesim turns addresses and mangled names into what a developer reads, with the
/// toolchain's own tools: `llvm-symbolizer` (file and line from the line tables of a module, at
/// an offset) and `swift-demangle --simplified` (`$s19NotificationService…` →
/// `NotificationService.didReceive(_:withContentHandler:)`). Both are looked for beside the
/// `swiftc` on `PATH`; without them frames keep their raw names and have no line.
package struct StackSymbolication: Sendable {
    /// The toolchain's `llvm-symbolizer`, when found.
    package var symbolizer: String?
    /// The toolchain's `swift-demangle`, when found.
    package var demangler: String?

    package init(symbolizer: String?, demangler: String?) {
        self.symbolizer = symbolizer
        self.demangler = demangler
    }

    /// The tools found on `PATH` (or beside `swiftc`, or in `SWIFTC`'s folder).
    package static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> StackSymbolication {
        var folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        if let swiftc = environment["SWIFTC"] { folders.insert((swiftc as NSString).deletingLastPathComponent, at: 0) }
        func tool(_ name: String) -> String? {
            folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        return StackSymbolication(symbolizer: tool("llvm-symbolizer"), demangler: tool("swift-demangle"))
    }

    /// A source location of one address in a module.
    package struct Location: Sendable, Equatable {
        package var function: String?
        package var file: String?
        package var line: Int?
        package var column: Int?
    }

    /// The locations of `offsets` in the module at `path`, in order (nil where none is known).
    package func locate(_ offsets: [UInt64], in path: String) async -> [Location?] {
        guard let symbolizer, !offsets.isEmpty else { return offsets.map { _ in nil } }
        let arguments =
            ["--obj=\(path)", "--output-style=JSON", "--functions=linkage", "--inlining=false"]
            + offsets.map { "0x" + String($0, radix: 16) }
        guard let output = await Self.run(symbolizer, arguments),
            let data = output.data(using: .utf8),
            let entries = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else {
            return offsets.map { _ in nil }
        }
        return offsets.indices.map { index in
            guard index < entries.count, let symbol = (entries[index]["Symbol"] as? [[String: Any]])?.first else { return nil }
            let function = (symbol["FunctionName"] as? String).flatMap { $0.isEmpty || $0 == "??" ? nil : $0 }
            let file = (symbol["FileName"] as? String).flatMap { $0.isEmpty || $0 == "??" ? nil : $0 }
            let line = (symbol["Line"] as? Int).flatMap { $0 > 0 ? $0 : nil }
            let column = (symbol["Column"] as? Int).flatMap { $0 > 0 ? $0 : nil }
            return Location(function: function, file: file, line: line, column: column)
        }
    }

    /// Whether `name` is a mangled Swift name.
    package static func isMangledSwift(_ name: String) -> Bool {
        name.hasPrefix("$s") || name.hasPrefix("_$s") || name.hasPrefix("$S") || name.hasPrefix("_T0")
    }

    /// `names` demangled, simplified as a backtrace shows them; the names that are not Swift's,
    /// or every name without the demangler, as they are.
    package func demangle(_ names: [String]) async -> [String] {
        let mangled = Array(Set(names.filter(Self.isMangledSwift))).sorted()
        guard let demangler, !mangled.isEmpty,
            let output = await Self.run(demangler, ["--simplified"], input: mangled.joined(separator: "\n") + "\n")
        else { return names }
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= mangled.count else { return names }
        let table = Dictionary(uniqueKeysWithValues: zip(mangled, lines.prefix(mangled.count)))
        return names.map { table[$0] ?? $0 }
    }

    /// Runs a tool; its standard output and standard error, or nil when it could not run.
    static func runCapturing(_ path: String, _ arguments: [String]) async -> (output: String, error: String)? {
        do {
            let result = try await Subprocess.run(
                .path(FilePath(path)), arguments: Arguments(arguments),
                output: .string(limit: 16 * 1024 * 1024), error: .string(limit: 64 * 1024))
            return (result.standardOutput ?? "", result.standardError ?? "")
        } catch {
            return nil
        }
    }

    /// Runs a tool; its standard output, or nil when it could not run or failed.
    static func run(_ path: String, _ arguments: [String], input: String? = nil) async -> String? {
        do {
            if let input {
                return try await Subprocess.run(
                    .path(FilePath(path)), arguments: Arguments(arguments), input: .string(input),
                    output: .string(limit: 16 * 1024 * 1024), error: .discarded
                ).standardOutput
            }
            let result = try await Subprocess.run(
                .path(FilePath(path)), arguments: Arguments(arguments),
                output: .string(limit: 16 * 1024 * 1024), error: .discarded)
            return result.standardOutput
        } catch {
            return nil
        }
    }
}
