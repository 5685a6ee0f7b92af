import Foundation
import NSESimBuild

/// `nsesim --version`: which nsesim this is, the Swift it was built with and builds extensions
/// with, and where its products are, all read when asked (not at build time, which SwiftPM
/// cannot do without a plugin running git):
/// - the version: the products folder's `nsesim-version` file when there is one (an
///   installation writes it), else `git describe --tags --always --dirty` of the checkout
///   the products were built in (the folder above `.build` holding `Package.swift`), else
///   `unknown`;
/// - the Swift that built nsesim: the version its UserNotifications module records; the
///   Swift that builds extensions: `swiftc --version` of the compiler `ExtensionToolchain`
///   finds;
/// - the products: the folder `ExtensionToolchain` finds.
struct NSESimVersion {
    let version: String
    let builtWith: String
    let buildsExtensionsWith: String
    let products: String

    /// The lines `--version` prints.
    var text: String {
        """
        nsesim \(version)
        built with: \(builtWith)
        builds extensions with: \(buildsExtensionsWith)
        products: \(products)
        """
    }

    static func current() -> NSESimVersion {
        let productsFolder: URL
        let products: String
        let swiftc: URL?
        do {
            let toolchain = try ExtensionToolchain.current()
            productsFolder = toolchain.productsDirectory
            products = toolchain.productsDirectory.path
            swiftc = toolchain.swiftc
        } catch {
            let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
            productsFolder = URL(fileURLWithPath: executable).deletingLastPathComponent()
            products = "\(productsFolder.path) (unusable: \(error.description))"
            swiftc = SwiftCompilerVersion.extensionCompiler(environment: ProcessInfo.processInfo.environment)
        }
        let extensionCompiler =
            swiftc.map { url in
                SwiftCompilerVersion.of(swiftc: url).map { "\($0) (\(url.path))" } ?? "unknown (\(url.path) --version failed)"
            }
            ?? "unknown (no swiftc found)"
        return NSESimVersion(
            version: version(productsDirectory: productsFolder),
            builtWith: SwiftCompilerVersion.builtWith(productsDirectory: productsFolder) ?? "unknown",
            buildsExtensionsWith: extensionCompiler, products: products)
    }

    /// The version file, else the checkout's `git describe`, else `unknown`.
    static func version(productsDirectory: URL) -> String {
        let file = productsDirectory.appendingPathComponent("nsesim-version")
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !line.isEmpty { return line }
        }
        guard let checkout = checkout(above: productsDirectory), let described = gitDescribe(checkout) else { return "unknown" }
        return described
    }

    /// The nearest folder above `folder` with a `Package.swift` and a `.git` (a folder, or a
    /// file in a worktree).
    static func checkout(above folder: URL) -> URL? {
        var candidate = folder.resolvingSymlinksInPath()
        for _ in 0..<8 {
            candidate = candidate.deletingLastPathComponent()
            let manager = FileManager.default
            if manager.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path)
                && manager.fileExists(atPath: candidate.appendingPathComponent(".git").path)
            {
                return candidate
            }
            if candidate.path == "/" { break }
        }
        return nil
    }

    private static func gitDescribe(_ checkout: URL) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", checkout.path, "describe", "--tags", "--always", "--dirty"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && !text.isEmpty ? text : nil
    }
}
