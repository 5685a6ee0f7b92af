import Foundation
import NSESimRuntime
import Synchronization

/// One folder for all the nsesim runs of a test process: the apps' data (`NSESIM_DATA_DIR`),
/// the temporary folder of the nsesim processes (`TMPDIR`) and the tests' own scratch folders;
/// nsesim's build cache (`NSESIM_CACHE_DIR`) is the process's one ``sharedBuildCache``. Removed
/// when the test process exits, so nothing lands in $HOME or stays behind; folders of earlier
/// runs that did not exit normally are removed when they are more than an hour old.
public final class TestRunFolder: Sendable {
    /// The folder: `$TMPDIR/PREFIX-XXXXXXXX`.
    public let url: URL

    /// nsesim's build cache for every test of the process (all test targets run in one): each
    /// extension is built once, and the compiler's module cache (the system modules, seconds to
    /// make) is made once, instead of once per suite's folder. A test of the cache itself builds
    /// a unique copy of its extension, so sharing changes no hit or miss it expects.
    /// `make test` names a folder of its own with `NSESIM_TEST_BUILD_CACHE` (emptied before the
    /// tests, kept after them): its replay of Fixtures/cases then finds the examples the tests
    /// built instead of building them again.
    public static let sharedBuildCache: URL = {
        if let kept = ProcessInfo.processInfo.environment["NSESIM_TEST_BUILD_CACHE"], !kept.isEmpty {
            let url = URL(fileURLWithPath: kept)
            try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }
        let base = URL(fileURLWithPath: NSTemporaryDirectory())
        removeStale(in: base, prefix: "nsesim-test-cache-")
        let url = base.appendingPathComponent("nsesim-test-cache-\(UUID().uuidString.prefix(8))")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        _ = removalAtExit
        toRemove.withLock { $0.append(url.path) }
        return url
    }()

    private static let toRemove = Mutex<[String]>([])
    private static let removalAtExit: Void = {
        atexit {
            for path in TestRunFolder.toRemove.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
        }
    }()

    public init(prefix: String) {
        let base = URL(fileURLWithPath: NSTemporaryDirectory())
        Self.removeStale(in: base, prefix: prefix + "-")
        url = base.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
        for sub in ["data", "tmp", "scratch"] {
            try! FileManager.default.createDirectory(at: url.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        _ = Self.removalAtExit
        Self.toRemove.withLock { $0.append(url.path) }
    }

    /// The environment every nsesim of the run gets.
    public var environment: [String: String] {
        [
            NSESimEnvironment.cacheDirectory.name: Self.sharedBuildCache.path,
            NSESimEnvironment.dataDirectory.name: url.appendingPathComponent("data").path,
            "TMPDIR": url.appendingPathComponent("tmp").path,
        ]
    }

    /// A fresh, empty folder for one test's files.
    public func scratch(_ label: String) -> URL {
        let folder = url.appendingPathComponent("scratch/\(label)-\(UUID().uuidString.prefix(6))")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func removeStale(in base: URL, prefix: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? [] where name.hasPrefix(prefix) {
            let folder = base.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: folder.path))?[.modificationDate] as? Date
            if let modified, modified.timeIntervalSinceNow < -3600 { try? FileManager.default.removeItem(at: folder) }
        }
    }
}
