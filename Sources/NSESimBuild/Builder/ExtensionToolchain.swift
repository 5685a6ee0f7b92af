import Foundation
import NSESimRuntime
import NSESimStore

/// Where the parts for building and running extensions are: the Swift compiler, and
/// nsesim's own build products (the host executable, the UserNotifications and CryptoKit
/// libraries and their modules), which sit next to the running executable.
package struct ExtensionToolchain: Sendable {
    /// The folder of nsesim's build products (`.build/debug` for a debug build).
    package let productsDirectory: URL
    /// The Swift compiler that builds extensions.
    package let swiftc: URL
    /// Where built extensions are cached.
    package let cacheDirectory: URL

    /// The host executable that runs one extension per process.
    package var hostExecutable: URL { productsDirectory.appendingPathComponent("nsesim-extension-host") }

    package init(productsDirectory: URL, swiftc: URL, cacheDirectory: URL) {
        self.productsDirectory = productsDirectory
        self.swiftc = swiftc
        self.cacheDirectory = cacheDirectory
    }

    /// The toolchain of this process: products next to the executable (or
    /// `NSESIM_PRODUCTS_DIR`), `swiftc` from `SWIFTC` or `PATH`, the cache in
    /// `NSESIM_CACHE_DIR`, else `$XDG_CACHE_HOME/nsesim`, else `~/.cache/nsesim`.
    package static func current() throws(ExtensionError) -> ExtensionToolchain {
        let environment = ProcessInfo.processInfo.environment
        let products: URL
        if let override = NSESimEnvironment.productsDirectory.value(in: environment) {
            products = URL(fileURLWithPath: override)
        } else {
            let executable =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
            products = URL(fileURLWithPath: executable).deletingLastPathComponent()
        }
        // The file-protection interposer too: without it extensions would run with every file in reach.
        let required = [
            "nsesim-extension-host", "libUserNotifications.so", "Modules/UserNotifications.swiftmodule",
            fileProtectionLibraryName,
        ]
        for part in required where !FileManager.default.fileExists(atPath: products.appendingPathComponent(part).path) {
            throw .environment(
                "nsesim's build products are incomplete: \(products.path)/\(part) is missing; "
                    + "run `swift build` (or `make build`) in the nsesim folder")
        }
        guard let swiftc = findSwiftc(environment: environment) else {
            throw .environment("no swiftc on PATH: nsesim builds extensions with the Swift toolchain it was built with")
        }
        let cache = defaultCacheDirectory(environment: environment)
        try SwiftCompilerVersion.checkMatch(productsDirectory: products, swiftc: swiftc, cacheDirectory: cache)
        return ExtensionToolchain(productsDirectory: products, swiftc: swiftc, cacheDirectory: cache)
    }

    static func findSwiftc(environment: [String: String]) -> URL? {
        if let explicit = environment["SWIFTC"], FileManager.default.isExecutableFile(atPath: explicit) {
            return URL(fileURLWithPath: explicit)
        }
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }

    static func defaultCacheDirectory(environment: [String: String]) -> URL {
        CacheFolder.url(environment: environment)
    }

    /// Module maps for the C libraries that nsesim's Swift modules import, which the
    /// compiler must find when it loads those modules for an extension build: the system
    /// libraries (written into the cache, as their maps live in nsesim's source tree) and
    /// the C targets (whose maps SwiftPM generated in the products folder).
    func moduleMapFiles() throws(ExtensionError) -> [URL] {
        var maps: [URL] = []
        let systemLibraries = [
            ("CMagic", "magic", "#include <magic.h>"),
            ("CCurl", nil, "#include <curl/curl.h>"),  // headers only: CCurlShim loads libcurl at run time
            // NSESimSQLite's (under the center, the keychain and CoreData): headers only, as in
            // its own map; CSQLiteShim loads libsqlite3 on the first open. With a `link` here every
            // extension would need libsqlite3 at load (the module is imported under UserNotifications).
            ("CSQLite", nil, "#include <sqlite3.h>"),
            ("SQLite3", "sqlite3", "#include <sqlite3.h>"),  // iOS's `import SQLite3`: the system libsqlite3
        ]
        let folder = cacheDirectory.appendingPathComponent("modulemaps")
        for (module, library, include) in systemLibraries {
            let moduleFolder = folder.appendingPathComponent(module)
            let map = moduleFolder.appendingPathComponent("module.modulemap")
            let link = library.map { "    link \"\($0)\"\n" } ?? ""
            let text = "module \(module) [system] {\n    header \"shim.h\"\n\(link)    export *\n}\n"
            do {
                try FileManager.default.createDirectory(at: moduleFolder, withIntermediateDirectories: true)
                if (try? String(contentsOf: map, encoding: .utf8)) != text {
                    try Data("\(include)\n".utf8).write(to: moduleFolder.appendingPathComponent("shim.h"), options: .atomic)
                    try Data(text.utf8).write(to: map, options: .atomic)
                }
            } catch {
                throw .environment("cannot write module maps into \(folder.path): \(error.localizedDescription)")
            }
            maps.append(map)
        }
        let builds = (try? FileManager.default.contentsOfDirectory(atPath: productsDirectory.path)) ?? []
        for name in builds.sorted() where name.hasSuffix(".build") {
            let map = productsDirectory.appendingPathComponent(name).appendingPathComponent("module.modulemap")
            if FileManager.default.fileExists(atPath: map.path) { maps.append(map) }
        }
        return maps
    }
}
