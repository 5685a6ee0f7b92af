import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimRuntime
@_exported import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

// End-to-end support: real builds of real extension folders with swiftc, real extension
// processes, and the real `nsesim` executable. Nothing is mocked.

/// `Plugins-Examples/NAME`.
func example(_ name: String) -> String { repositoryPath("Plugins-Examples/\(name)") }

/// `Fixtures/extensions/NAME`: the extensions made for these tests.
func testExtension(_ name: String) -> String { repositoryPath("Fixtures/extensions/\(name)") }

/// `Fixtures/payloads/NAME`.
func payloadPath(_ name: String) -> String { repositoryPath("Fixtures/payloads/\(name)") }

/// The test run's toolchain: nsesim's products beside the test binary, and the build cache
/// every test of the process shares (``TestRunFolder/sharedBuildCache``: each extension is
/// built once), in a fresh folder under the temporary directory.
enum TestToolchain {
    static var cacheDirectory: URL { TestRunFolder.sharedBuildCache }

    static let shared: ExtensionToolchain = {
        let current = try! ExtensionToolchain.current()
        return ExtensionToolchain(
            productsDirectory: current.productsDirectory, swiftc: current.swiftc,
            cacheDirectory: cacheDirectory)
    }()

    static var builder: ExtensionBuilder { ExtensionBuilder(toolchain: shared) }

    /// The `nsesim` executable: in the products folder, beside the test binary.
    static var nsesim: URL { shared.productsDirectory.appendingPathComponent("nsesim") }
}

/// Each extension folder built once per test run, however many tests use it at once.
actor SharedBuilds {
    static let shared = SharedBuilds()
    private var builds: [String: Task<BuiltExtension, any Error>] = [:]

    func built(_ path: String) async throws -> BuiltExtension {
        if let task = builds[path] { return try await task.value }
        let task = Task<BuiltExtension, any Error> { try await TestToolchain.builder.prepare(path: path) }
        builds[path] = task
        return try await task.value
    }
}

/// The error `prepare` throws for `path`, or nil when it builds.
func prepareError(_ path: String) async -> ExtensionError? {
    do {
        _ = try await TestToolchain.builder.prepare(path: path)
        return nil
    } catch {
        return error
    }
}

// MARK: - Payloads

/// Parses a payload fixture.
func fixturePayload(_ name: String) throws -> ParsedPayload {
    try PayloadParser.parse(fileAt: payloadPath(name))
}

/// Parses payload text given inline.
func inlinePayload(_ json: String, path: String = "inline.json") throws -> ParsedPayload {
    try PayloadParser.parse(data: Data(json.utf8), path: path)
}

// MARK: - Runs

/// A configuration with short times, and a marker in the extension's environment (which
/// its children inherit) so that leftover processes of this run can be found.
func shortConfiguration(
    deadline: Double = 0.3, grace: Double = 0.3, memoryLimit: Int64? = nil,
    marker: String, environment: [String: String] = [:]
) -> RunConfiguration {
    RunConfiguration(
        deadline: .milliseconds(Int64(deadline * 1000)), grace: .milliseconds(Int64(grace * 1000)),
        memoryLimit: memoryLimit,
        environment: environment.merging([ProcessCheck.markerVariable: marker]) { $1 })
}

/// A notification taken through the pipeline (payload → gate → extension).
struct PipelineRun {
    let run: NotificationRun
    let built: BuiltExtension
    let result: ExtensionRunResult

    var outcome: Outcome { run.outcome }
    var delivered: JSONValue { run.deliveredContent }
    var original: JSONValue { run.payload.request.content.jsonValue }
    var events: [TimelineEvent.Kind] { result.timeline.map(\.event) }

    func time(of event: TimelineEvent.Kind) -> Double? {
        result.timeline.first { $0.event == event }?.tMs
    }
}

/// Runs `payload` through the pipeline with the extension at `path`, then checks that
/// nothing of the run is left. `exclusive`: no other test uses this extension, so no
/// process at all may mention its library or its host. (Exclusive extensions: Faults/Crash,
/// Faults/MemoryHog, Faults/TwiceCalled, Faults/BlockedThread, Decrypt, ChildSpawner; keep
/// them out of other tests.)
/// Tests that are not about the deadline get one no loaded machine reaches (10 s): with 0.5 s,
/// `make test-stress` saw Faults/TwiceCalled's first call land after it (best-attempt).
func runPipeline(
    _ path: String, payload: ParsedPayload, deadline: Double = 10, grace: Double = 3,
    memoryLimit: Int64? = nil, exclusive: Bool = false, environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> PipelineRun {
    let built = try await SharedBuilds.shared.built(path)
    let marker = UUID().uuidString
    let configuration = shortConfiguration(
        deadline: deadline, grace: grace, memoryLimit: memoryLimit,
        marker: marker, environment: environment)
    let runs = try await NotificationRun.run(
        payloads: [payload], extensionPath: path, builder: TestToolchain.builder,
        configuration: configuration, reuseProcess: false)
    let run = try #require(runs.first, sourceLocation: sourceLocation)
    await ProcessCheck.expectNothingLeft(marker: marker, built: exclusive ? built : nil, sourceLocation: sourceLocation)
    let result = try #require(run.extensionResult, "the extension was not invoked", sourceLocation: sourceLocation)
    return PipelineRun(run: run, built: built, result: result)
}

extension JSONValue {
    /// A string field of a content object.
    func string(_ key: String) -> String? { self[key]?.stringValue }
}

// MARK: - Processes

/// Looks for processes left behind, through /proc.
enum ProcessCheck {
    /// The environment variable that marks every process of one run.
    static let markerVariable = "NSESIM_RUNTIME_TEST_MARKER"

    /// The pids in /proc.
    static func allPIDs() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init)
    }

    /// A /proc file's bytes (their size is 0 for stat, so read to the end).
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    /// The NUL-separated strings of /proc/PID/environ or cmdline.
    static func strings(_ pid: Int32, _ file: String) -> [String] {
        (read("/proc/\(pid)/\(file)") ?? []).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// State letter and parent of a process; nil when it is gone.
    static func stat(_ pid: Int32) -> (state: Character, parent: Int32)? {
        guard let bytes = read("/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 2, let state = fields[0].first, let parent = Int32(fields[1]) else { return nil }
        return (state, parent)
    }

    /// Whether the process is dead: gone, or a zombie that is no child of ours. (An orphan
    /// that died is reaped by init, which here does it only every second or two.)
    static func isDead(_ pid: Int32) -> Bool {
        guard let stat = stat(pid) else { return true }
        return stat.state == "Z" && stat.parent != getpid()
    }

    /// Live processes whose environment holds the marker (a zombie has no environment).
    static func processes(marker: String) -> [Int32] {
        let entry = "\(markerVariable)=\(marker)"
        return allPIDs().filter { $0 != getpid() && strings($0, "environ").contains(entry) }
    }

    /// Processes whose command line mentions `text`.
    static func processes(mentioning text: String) -> [Int32] {
        allPIDs().filter { $0 != getpid() && strings($0, "cmdline").contains { $0.contains(text) } }
    }

    /// Zombie children of this test process.
    /// Zombie extension hosts whose parent is this test process (the library runs them as
    /// its children). Other children of the test process (test servers, `nsesim` runs of
    /// other tests) are the tests' own and are reaped by Foundation in its own time.
    static func zombieChildren() -> [Int32] {
        allPIDs().filter { pid in
            guard let info = stat(pid), info.state == "Z", info.parent == getpid() else { return false }
            return command(pid).hasPrefix("nsesim-extensio")  // /proc's comm: 15 characters
        }
    }

    /// A process's command name as /proc/PID/stat gives it (also for zombies).
    static func command(_ pid: Int32) -> String {
        guard let bytes = read("/proc/\(pid)/stat") else { return "" }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else { return "" }
        return String(text[text.index(after: open)..<close])
    }

    /// Waits (up to `seconds`) until `condition` holds; true if it did.
    static func eventually(within seconds: Double = 5, _ condition: () -> Bool) async -> Bool {
        let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while !condition() {
            if ContinuousClock.now > end { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// No process of the run (host or child) is left, none mentions the extension's library
    /// or its host (when `built` is given), and no zombie child of ours stays.
    static func expectNothingLeft(
        marker: String, built: BuiltExtension? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        var left: [Int32] = []
        let gone = await eventually {
            left = processes(marker: marker)
            return left.isEmpty
        }
        #expect(gone, "processes of the run are left: \(describe(left))", sourceLocation: sourceLocation)
        if let built {
            let needles = [built.library.path] + (built.bundleDirectory.map { [$0.path] } ?? [])
            for needle in needles {
                var mentioning: [Int32] = []
                let none = await eventually {
                    mentioning = processes(mentioning: needle)
                    return mentioning.isEmpty
                }
                #expect(none, "processes mention \(needle): \(describe(mentioning))", sourceLocation: sourceLocation)
            }
        }
        await expectNoLastingZombies(sourceLocation: sourceLocation)
    }

    /// Zombie children may exist for an instant (another test's process that just ended),
    /// but none may last.
    static func expectNoLastingZombies(sourceLocation: SourceLocation = #_sourceLocation) async {
        let zombies = zombieChildren()
        var lasting: [Int32] = []
        let reaped = await eventually {
            lasting = zombies.filter { stat($0)?.state == "Z" }
            return lasting.isEmpty
        }
        #expect(reaped, "zombie children that nobody reaps: \(lasting)", sourceLocation: sourceLocation)
    }

    static func describe(_ pids: [Int32]) -> String {
        pids.map { "\($0) \(strings($0, "cmdline").joined(separator: " "))" }.joined(separator: "; ")
    }
}

// MARK: - The nsesim executable

/// Runs the real `nsesim ARGUMENTS` with the test run's build cache and a marker in its
/// environment (the extension processes inherit it), waits without blocking a thread of
/// the test pool, then checks that no process of the run is left.
func nsesim(
    _ arguments: String..., dataDirectory: URL? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> CLIResult {
    try await nsesim(arguments, dataDirectory: dataDirectory, sourceLocation: sourceLocation)
}

func nsesim(
    _ arguments: [String], dataDirectory: URL? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> CLIResult {
    let marker = UUID().uuidString
    let result = try await NSESimCommand.run(
        arguments,
        environment: [
            NSESimEnvironment.cacheDirectory.name: TestToolchain.cacheDirectory.path,
            // Apps' data (app groups, preferences) stays inside the test run's folder.
            NSESimEnvironment.dataDirectory.name: (dataDirectory ?? TestToolchain.cacheDirectory.appendingPathComponent("app-data")).path,
            ProcessCheck.markerVariable: marker,
        ])
    await ProcessCheck.expectNothingLeft(marker: marker, sourceLocation: sourceLocation)
    return result
}
