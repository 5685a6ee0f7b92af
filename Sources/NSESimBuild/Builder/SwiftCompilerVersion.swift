import Crypto
import Foundation

/// The Swift compiler versions that matter to extension builds: the one nsesim's products
/// (the UserNotifications module extensions import) were built with, and the one that builds
/// extensions. A module loads only in the compiler that wrote it, so the two must match.
package enum SwiftCompilerVersion {
    /// The version `swiftc --version` prints first, e.g. `Swift version 6.3.1 (swift-6.3.1-RELEASE)`;
    /// nil when it does not run.
    package static func of(swiftc: URL) -> String? {
        // The driver leaves a `TemporaryDirectory.*` folder in its TMPDIR even for --version: it
        // gets a folder of its own, removed afterwards.
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-swiftc-\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        guard let stream = popen("TMPDIR=\(quoted(scratch.path)) \(quoted(swiftc.path)) --version 2>/dev/null", "r") else { return nil }
        var output = ""
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), stream) != nil {
            output += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard pclose(stream) == 0 else { return nil }
        return versionLine(in: output)
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
    /// module records it (`Swift version …`, NUL-terminated in its control block, within its
    /// first bytes); nil when the module is missing or records none.
    package static func builtWith(productsDirectory: URL) -> String? {
        let module = productsDirectory.appendingPathComponent("Modules/UserNotifications.swiftmodule")
        guard let handle = FileHandle(forReadingAtPath: module.path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 64 * 1024) else { return nil }
        return recorded(in: data)
    }

    /// Throws when the compiler that builds extensions is not the one that built nsesim's
    /// products: their modules (UserNotifications and the rest) cannot be imported by another
    /// compiler, and swiftc's own error would name a module, not the cause. The compiler's
    /// version is asked once per compiler binary (its path, size and time), remembered in
    /// `cacheDirectory/toolchains`, so a start costs a few file reads.
    package static func checkMatch(productsDirectory: URL, swiftc: URL, cacheDirectory: URL) throws(ExtensionError) {
        guard let built = builtWith(productsDirectory: productsDirectory) else { return }
        guard let compiler = rememberedVersion(of: swiftc, cacheDirectory: cacheDirectory) else { return }
        guard !matches(built: built, compiler: compiler) else { return }
        throw .environment(
            "the Swift compiler that builds extensions, \(swiftc.path) (\(compiler)), is not the one nsesim was built with "
                + "(\(built)): a module one compiler wrote cannot be imported by another; put that toolchain's usr/bin first "
                + "on PATH (or set SWIFTC to its swiftc), or build nsesim again with this one (`make install`, `swift build`)")
    }

    /// True when the two versions name the same compiler: the same `Swift version X (TAG)`
    /// (a driver's line or a vendor's prefix aside).
    package static func matches(built: String, compiler: String) -> Bool {
        func core(_ line: String) -> String {
            guard let range = line.range(of: "Swift version ") else { return line }
            return String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
        return core(built) == core(compiler)
    }

    /// `of(swiftc:)`, remembered per compiler binary.
    static func rememberedVersion(of swiftc: URL, cacheDirectory: URL) -> String? {
        let resolved = swiftc.resolvingSymlinksInPath()
        let frontend = resolved.deletingLastPathComponent().appendingPathComponent("swift-frontend")
        let identity = [resolved, frontend].map { file -> String in
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
            let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(file.path) \(size) \(time)"
        }.joined(separator: "\n")
        let folder = cacheDirectory.appendingPathComponent("toolchains")
        let name = SHA256.hash(data: Data(resolved.path.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
        let file = folder.appendingPathComponent(name)
        if let text = try? String(contentsOf: file, encoding: .utf8), text.hasPrefix(identity + "\n") {
            return String(text.dropFirst(identity.count + 1)).trimmingCharacters(in: .newlines)
        }
        guard let version = of(swiftc: swiftc) else { return nil }
        // Written beside the file with the C library and renamed over it: Foundation's writes on
        // Linux go through a `TemporaryDirectory.*` folder in TMPDIR, which they leave behind.
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(name).\(getpid())")
        if let stream = fopen(temporary.path, "w") {
            let written = fputs("\(identity)\n\(version)\n", stream) >= 0
            fclose(stream)
            if !written || rename(temporary.path, file.path) != 0 { unlink(temporary.path) }
        }
        return version
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
