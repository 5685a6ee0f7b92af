import Foundation
import NSESimRuntime
import Subprocess
import Synchronization
import SystemPackage

/// swiftc alone on the arguments nsesim gave it, writing into `folder` (its own library and
/// an empty module cache of its own), timed; the figure a cold `nsesim build` is compared with.
final class SwiftcBaseline: Sendable {
    let folder: URL
    let swiftc: URL
    private let measured = Mutex<Double>(0)

    init(folder: URL, swiftc: URL) {
        self.folder = folder
        self.swiftc = swiftc
    }

    /// The time swiftc alone took, in milliseconds (0 before it ran).
    var milliseconds: Double { measured.withLock { $0 } }

    /// Runs swiftc with `arguments`, its output and module cache moved into `folder`.
    func run(_ arguments: [String]) async {
        var arguments = arguments
        for (flag, name) in [("-o", "baseline.so"), ("-module-cache-path", "baseline-module-cache")] {
            if let index = arguments.firstIndex(of: flag), index + 1 < arguments.count {
                arguments[index + 1] = folder.appendingPathComponent(name).path
            }
        }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let start = ContinuousClock.now
        let result = try? await Subprocess.run(
            .path(FilePath(swiftc.path)), arguments: Arguments(arguments),
            output: .discarded, error: .string(limit: 1 << 20))
        let elapsed = (ContinuousClock.now - start).exactMilliseconds
        if case .exited(0)? = result?.terminationStatus {
            measured.withLock { $0 += elapsed }
        } else {
            print("swiftc alone failed: \(result?.standardError ?? "not run")")
        }
    }
}
