import Foundation

/// The Swift compiler versions that matter to extension builds: the one nsesim's products
/// (the UserNotifications module extensions import) were built with, and the one that builds
/// extensions. A module loads only in the compiler that wrote it, so the two must match.
package enum SwiftCompilerVersion {
    /// The version `swiftc --version` prints first, e.g. `Swift version 6.3.1 (swift-6.3.1-RELEASE)`;
    /// nil when it does not run.
    package static func of(swiftc: URL) -> String? {
        let process = Process()
        process.executableURL = swiftc
        process.arguments = ["--version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return versionLine(in: String(decoding: data, as: UTF8.self))
    }

    /// The compiler that builds extensions (`SWIFTC`, else `swiftc` on `PATH`), found as
    /// `ExtensionToolchain.current()` finds it, even where nsesim's products are incomplete.
    package static func extensionCompiler(environment: [String: String]) -> URL? {
        ExtensionToolchain.findSwiftc(environment: environment)
    }

    /// The line of `swiftc --version`'s output that names the version (it may follow a
    /// driver's own line, as `swift-driver version: …` does).
    package static func versionLine(in output: String) -> String? {
        output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.contains("Swift version ") }
            .map { line in line.range(of: "Swift version ").map { String(line[$0.lowerBound...]) } ?? line }
    }

    /// The version of the compiler that wrote the products' UserNotifications module, as the
    /// module records it (`Swift version …`, NUL-terminated in its control block); nil when
    /// the module is missing or records none.
    package static func builtWith(productsDirectory: URL) -> String? {
        let module = productsDirectory.appendingPathComponent("Modules/UserNotifications.swiftmodule")
        guard let data = FileManager.default.contents(atPath: module.path) else { return nil }
        return recorded(in: data)
    }

    /// The first `Swift version …` string in a compiled module's bytes, up to its NUL.
    package static func recorded(in data: Data) -> String? {
        guard let start = data.range(of: Data("Swift version ".utf8)) else { return nil }
        let tail = data[start.lowerBound...].prefix(256)
        let end = tail.firstIndex(of: 0) ?? tail.endIndex
        let bytes = tail[tail.startIndex..<end]
        guard bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
