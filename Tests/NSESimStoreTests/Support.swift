import Foundation
import NSESimRuntime
@_exported import NSESimTestSupport
import Testing

// End-to-end support for the attachment pipeline (docs/behaviour.md#after-the-extension, #the-attachment-store, #the-report): the real
// `nsesim` executable, real extension builds and processes, the fault server, and real
// store folders. Nothing is mocked.

/// `Plugins-Examples/NAME`.
func example(_ name: String) -> String { repositoryPath("Plugins-Examples/\(name)") }

/// `Fixtures/extensions/NAME`: the extensions made for these tests.
func testExtension(_ name: String) -> String { repositoryPath("Fixtures/extensions/\(name)") }

/// `Fixtures/media/NAME`.
func mediaPath(_ name: String) -> String { repositoryPath("Fixtures/media/\(name)") }

/// The extension that hands attachments which become invalid after creation (see its source).
let scenarios = testExtension("AttachScenarios")

// MARK: - The test run's folder

/// One folder for the whole test run: the apps' data (`NSESIM_DATA_DIR`); nsesim's build cache
/// (`NSESIM_CACHE_DIR`) is the one every test of the process shares. Removed when the test
/// process exits.
enum PipelineRun {
    static let folder: URL = {
        let base = URL(fileURLWithPath: NSTemporaryDirectory())
        removeStale(in: base)
        let folder = base.appendingPathComponent("nsesim-pipeline-tests-\(UUID().uuidString.prefix(8))")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        pathToRemove = folder.path
        atexit {
            if let path = PipelineRun.pathToRemove { try? FileManager.default.removeItem(atPath: path) }
        }
        return folder
    }()

    nonisolated(unsafe) private static var pathToRemove: String?

    /// The environment every nsesim of the run gets.
    static var environment: [String: String] {
        [
            NSESimEnvironment.cacheDirectory.name: TestRunFolder.sharedBuildCache.path,
            NSESimEnvironment.dataDirectory.name: folder.appendingPathComponent("data").path,
        ]
    }

    /// Folders of earlier runs that did not exit normally, left more than an hour ago.
    static func removeStale(in base: URL, prefix: String = "nsesim-pipeline-tests-") {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        where name.hasPrefix(prefix) {
            let url = base.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
            if let modified, modified.timeIntervalSinceNow < -3600 { try? FileManager.default.removeItem(at: url) }
        }
    }
}

/// A fresh folder for one test (its store, its payloads, its outside files), removed when
/// the value is dropped.
final class Scratch: @unchecked Sendable {
    let url: URL

    init(_ label: String = "test") throws {
        url = PipelineRun.folder.appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside; its folder is created.
    func path(_ relative: String) throws -> URL {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return file
    }

    /// The `--store` root of this test.
    var store: URL { url.appendingPathComponent("store") }

    deinit { try? FileManager.default.removeItem(at: url) }
}

// MARK: - Running nsesim

/// Each extension folder built once per test run (`nsesim build`), however many tests use it at once.
actor Builds {
    static let shared = Builds()
    private var builds: [String: Task<String, any Error>] = [:]

    /// The built library's path.
    func library(_ path: String) async throws -> String {
        if let task = builds[path] { return try await task.value }
        let task = Task<String, any Error> {
            let result = try await NSESimCommand.run(["build", "--extension", path], environment: PipelineRun.environment)
            guard result.status == 0, !result.crashed else {
                throw CocoaError(.executableLoad, userInfo: [NSDebugDescriptionErrorKey: "nsesim build \(path): \(result)"])
            }
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        builds[path] = task
        return try await task.value
    }
}

/// Runs `nsesim ARGUMENTS` with the run's cache and data folders.
func nsesim(_ arguments: [String]) async throws -> CLIResult {
    try await NSESimCommand.run(arguments, environment: PipelineRun.environment)
}

/// The `run --format json` report, with the command's result for messages.
struct Report: CustomStringConvertible {
    let object: [String: Any]
    let result: CLIResult

    var outcome: String? { object["outcome"] as? String }
    var attachments: [[String: Any]] { object["attachments"] as? [[String: Any]] ?? [] }
    var errors: [[String: Any]] { object["errors"] as? [[String: Any]] ?? [] }
    var delivered: [String: Any] { object["delivered"] as? [String: Any] ?? [:] }
    var deliveredAttachments: [[String: Any]] { delivered["attachments"] as? [[String: Any]] ?? [] }
    /// The extension's bundle folder: the folder of its library.
    var extensionBundle: URL? {
        ((object["extension"] as? [String: Any])?["library"] as? String)
            .map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
    }

    /// The UNErrorDomain error reported for attachment `identifier`.
    func error(for identifier: String) -> [String: Any]? {
        errors.first { $0["identifier"] as? String == identifier }
    }

    /// The message of the error reported for attachment `identifier` ("" if none).
    func message(for identifier: String) -> String {
        error(for: identifier)?["message"] as? String ?? ""
    }

    /// What the extension printed.
    var log: String { object["log"] as? String ?? "" }

    /// The delivered attachment `identifier` (report "attachments").
    func attachment(_ identifier: String) -> [String: Any]? {
        attachments.first { $0["identifier"] as? String == identifier }
    }

    var description: String { result.description }
}

/// Writes `payload` to a file in `scratch` and runs `nsesim run --extension EXTENSION
/// --payload FILE --store SCRATCH/store --format json ARGUMENTS`.
func runExtension(
    _ extensionPath: String, payload: [String: Any], scratch: Scratch, _ arguments: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> Report {
    _ = try await Builds.shared.library(extensionPath)
    let file = try scratch.path("payload-\(UUID().uuidString.prefix(8)).json")
    try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys, .withoutEscapingSlashes]).write(to: file)
    let result = try await nsesim(
        [
            "run", "--extension", extensionPath, "--payload", file.path,
            "--store", scratch.store.path, "--format", "json",
        ] + arguments)
    #expect(result.status == 0 && !result.crashed, "\(result)", sourceLocation: sourceLocation)
    return Report(object: try result.jsonObject(), result: result)
}

/// A payload that invokes the extension, with custom keys beside `aps`.
func payload(_ custom: [String: Any], title: String = "Media") -> [String: Any] {
    var object = custom
    object["aps"] = ["alert": ["title": title, "body": "see the attachment"], "mutable-content": 1]
    return object
}

// MARK: - The store

/// `nsesim store ls --format json` of the default app in `store`.
struct Listing {
    let object: [String: Any]

    var folder: URL { URL(fileURLWithPath: object["store"] as? String ?? "/nonexistent") }
    var usedBytes: Int { (object["usedBytes"] as? NSNumber)?.intValue ?? -1 }
    var notifications: [[String: Any]] { object["notifications"] as? [[String: Any]] ?? [] }

    /// The attachments of notification `identifier`.
    func attachments(of identifier: String) -> [[String: Any]]? {
        notifications.first { $0["identifier"] as? String == identifier }?["attachments"] as? [[String: Any]]
    }

    /// Every attachment of every notification.
    var allAttachments: [[String: Any]] { notifications.flatMap { $0["attachments"] as? [[String: Any]] ?? [] } }
}

func listStore(_ store: URL, bundleId: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Listing {
    let result = try await nsesim(["store", "ls", "--store", store.path, "--format", "json", "--bundle-id", bundleId ?? "com.example.app"])
    #expect(result.status == 0 && !result.crashed, "\(result)", sourceLocation: sourceLocation)
    return Listing(object: try result.jsonObject())
}

/// The file a report or listing `url` (a file URL string) names.
func fileURL(_ attachment: [String: Any]?) -> URL? {
    (attachment?["url"] as? String).flatMap(URL.init(string:))
}

/// Whether `url` lies inside `folder`.
func isInside(_ url: URL?, _ folder: URL) -> Bool {
    guard let url else { return false }
    return url.standardizedFileURL.path.hasPrefix(folder.standardizedFileURL.path + "/")
}

/// Every regular file under `folder`, hidden ones included, as paths.
func regularFiles(under folder: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
    var files: [String] = []
    for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
        files.append(url.standardizedFileURL.path)
    }
    return files.sorted()
}

/// Every entry (file, folder, link) under `folder`, hidden ones included, as paths.
func allEntries(under folder: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    return walker.compactMap { ($0 as? String).map { folder.appendingPathComponent($0).path } }
}

/// The inode of a file (not following a symlink).
func inode(_ path: String) -> UInt64? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return UInt64(info.st_ino)
}

// MARK: - Threads

/// Runs blocking work (waits on child processes, sleeps) on a thread of its own, so the
/// test pool's threads stay free for the other tests.
func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            do { continuation.resume(returning: try work()) } catch { continuation.resume(throwing: error) }
        }
    }
}

/// Starts `nsesim store put NAME FILES... [--copy] --store STORE --bundle-id ID` with the
/// run's environment and no output, for the kill loops (they SIGKILL it at a moment of their choosing).
func startStorePut(_ name: String, files: [SourceFiles.Source], copy: Bool, store: URL, bundleId: String) throws -> Process {
    let process = Process()
    process.executableURL = NSESimCommand.executable
    process.arguments =
        ["store", "put", name] + files.map(\.path) + (copy ? ["--copy"] : [])
        + ["--store", store.path, "--bundle-id", bundleId]
    process.environment = ProcessInfo.processInfo.environment.merging(PipelineRun.environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
}
