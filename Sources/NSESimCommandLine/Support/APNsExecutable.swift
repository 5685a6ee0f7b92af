import ArgumentParser
import Foundation
import NSESimBuild
import NSESimRuntime

/// `nsesim-apns`, the executable that runs the local APNs: beside `nsesim` in its products
/// folder, built only with the rest of the products (`swift build`), not before the first
/// notification (its HTTP/2 and TLS stack, swift-nio-http2 and swift-nio-ssl, is most of
/// what a first build of nsesim would otherwise compile). `nsesim apns …` becomes it.
package enum APNsExecutable {
    /// The executable's file name.
    package static let name = "nsesim-apns"

    /// Replaces this process with `nsesim-apns`, given the arguments that followed `apns`
    /// (the same process: signals, standard input and output, the exit status are its own).
    /// Throws only when it cannot start, naming what to build.
    package static func exec(arguments: [String] = CommandLine.arguments) throws -> Never {
        let products: URL
        do { products = try ExtensionToolchain.current().productsDirectory } catch { throw error.exitCode }
        let executable = products.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw failure(
                "\(executable.path) is missing: the local APNs runs in \(name), built with the rest of nsesim's products; "
                    + "run `swift build --product \(name)` (or `make build`) in the nsesim folder",
                status: .internalError)
        }
        // What followed the subcommand's name: `nsesim apns serve …` → `nsesim-apns serve …`.
        let rest = arguments.firstIndex(of: "apns").map { Array(arguments[($0 + 1)...]) } ?? []
        let argv = ([executable.path] + rest).map { strdup($0) } + [nil]
        fflush(nil)
        execv(executable.path, argv)
        let reason = String(cString: strerror(errno))
        throw failure("cannot start \(executable.path): \(reason)", status: .internalError)
    }
}
