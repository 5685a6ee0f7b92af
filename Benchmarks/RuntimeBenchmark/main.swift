// nsesim-bench-runtime: the extension runtime's costs, each against a baseline measured
// in the same run (see docs/PERFORMANCE.md). Not a test: it prints figures.
//
//   nsesim-bench-runtime [RUNS]     (default 50)
//
// Besides its lines for people it prints `figure KEY VALUE` lines for
// Benchmarks/performance.py, which writes docs/PERFORMANCE.md from them.
import Foundation
import NSESimBuild
import NSESimCore
import NSESimHost
import NSESimPayload
import NSESimRuntime
import Subprocess
import SystemPackage
@_spi(NSESim) import UserNotifications

let runs = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 50 : 50
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let rank = max(0, min(sorted.count - 1, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1))
    return sorted[rank]
}

func row(_ name: String, _ values: [Double], unit: String = "ms") -> String {
    name.padding(toLength: 46, withPad: " ", startingAt: 0)
        + String(
            format: "p50 %8.2f  p90 %8.2f  p99 %8.2f  (%d runs, ", percentile(values, 50), percentile(values, 90),
            percentile(values, 99), values.count) + unit + ")"
}

/// A machine-readable figure: `figure KEY VALUE`.
func figure(_ key: String, _ value: Double) {
    print("figure \(key) \(value.isFinite ? String(format: "%.4f", value) : "nan")")
}

/// p50, p90 and p99 of a series as figures `KEY.p50` ...
func figures(_ key: String, _ values: [Double]) {
    for p in [50.0, 90, 99] { figure("\(key).p\(Int(p))", percentile(values, p)) }
}

func ms(_ duration: Duration) -> Double { duration.exactMilliseconds }

/// Spawn an executable, send it a line, and time until its answer arrives.
func spawnToAnswer(_ executable: URL) async throws -> Double {
    let start = ContinuousClock.now
    let result = try await Subprocess.run(
        .path(FilePath(executable.path)), input: .string("ping\n"),
        output: .string(limit: 4096), error: .discarded)
    guard result.standardOutput.hasPrefix("ping") else { throw CocoaError(.fileReadCorruptFile) }
    return ms(ContinuousClock.now - start)
}

let base = try ExtensionToolchain.current()
let cache = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: cache) }
let toolchain = ExtensionToolchain(productsDirectory: base.productsDirectory, swiftc: base.swiftc, cacheDirectory: cache)
let builder = ExtensionBuilder(toolchain: toolchain)
let payload = try PayloadParser.parse(fileAt: root.appendingPathComponent("Fixtures/payloads/alert-mutable.json").path)
let request = ExtensionRequest(payload.request)

print("nsesim runtime benchmark: \(runs) runs each, products in \(base.productsDirectory.path)")
print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.operatingSystemVersionString)")
print("")

// 1. Build cache.
let template = root.appendingPathComponent("Plugins-Examples/Template").path
let cold = try await builder.prepare(path: template)
var hits: [Double] = []
for _ in 0..<max(10, runs / 5) { hits.append(try await builder.prepare(path: template).buildDuration.milliseconds) }
print(
    "extension build, cold (Template, swiftc)".padding(toLength: 46, withPad: " ", startingAt: 0)
        + String(format: "%8.1f ms", cold.buildDuration.milliseconds))
print(row("extension build, cache hit", hits))
figure("runtime.runs", Double(runs))
figure("runtime.build_cold_ms", cold.buildDuration.milliseconds)
figures("runtime.cache_hit_ms", hits)

// 1b. A cold `nsesim build` (empty build cache and module cache) against swiftc alone on the
// same files and flags with an empty module cache of its own, run from the builder's
// observer while the staged files exist; nsesim's figure is the whole `prepare` less that.
let coldRuns = max(3, runs / 10)
var nsesimCold: [Double] = []
var swiftcAlone: [Double] = []
for index in 0..<coldRuns {
    let folder = cache.appendingPathComponent("cold-\(index)")
    let baseline = SwiftcBaseline(folder: folder, swiftc: base.swiftc)
    var coldBuilder = ExtensionBuilder(
        toolchain: ExtensionToolchain(
            productsDirectory: base.productsDirectory, swiftc: base.swiftc,
            cacheDirectory: folder.appendingPathComponent("cache")))
    coldBuilder.swiftcObserver = { arguments in await baseline.run(arguments) }
    let start = ContinuousClock.now
    _ = try await coldBuilder.prepare(path: template)
    let whole = ms(ContinuousClock.now - start)
    nsesimCold.append(whole - baseline.milliseconds)
    swiftcAlone.append(baseline.milliseconds)
}
print(row("cold nsesim build (Template)", nsesimCold))
print(row("swiftc alone, same files and flags", swiftcAlone))
figures("runtime.build_cold_nsesim_ms", nsesimCold)
figures("runtime.build_cold_swiftc_ms", swiftcAlone)

// 2. Spawn to didReceive vs bare spawns.
var bare: [Double] = []
var bareFoundation: [Double] = []
var extensionStart: [Double] = []
var memory: [Double] = []
var uikitStart: [Double] = []
var forkStart: [Double] = []
// The spawn path is measured on its own: these runners spawn each process from scratch
// (NSESIM_ZYGOTE=0); `forkedRunner` takes the default path, a fork of the extension zygote.
let spawned = RunConfiguration(environment: ["NSESIM_ZYGOTE": "0"])
let runner = ExtensionRunner(built: cold, toolchain: toolchain, configuration: spawned)
let forkedRunner = ExtensionRunner(built: cold, toolchain: toolchain, configuration: RunConfiguration())
// An extension that imports UIKit for a few values (Fixtures/extensions/ImportsUIKit): what
// importing a framework costs at start when no codec is loaded.
let uikit = try await builder.prepare(path: root.appendingPathComponent("Fixtures/extensions/ImportsUIKit").path)
let uikitRunner = ExtensionRunner(built: uikit, toolchain: toolchain, configuration: spawned)
func spawnToDidReceive(_ runner: ExtensionRunner) async -> (ms: Double, memoryMB: Double) {
    let result = await runner.run(request)
    guard result.outcome == .modified, let start = result.startDuration,
        // When the extension's thread began running didReceive (the timeline's didReceive
        // is when nsesim called it, t = 0).
        let didReceiveMs = result.didReceiveStartedMs
    else {
        print("unexpected outcome \(result.outcome): \(result.errors)")
        exit(1)
    }
    return (ms(start) + didReceiveMs, Double(result.baselineMemoryBytes) / 1_000_000)
}
for _ in 0..<runs {
    bare.append(try await spawnToAnswer(base.productsDirectory.appendingPathComponent("nsesim-bench-echo")))
    bareFoundation.append(try await spawnToAnswer(base.productsDirectory.appendingPathComponent("nsesim-bench-echo-foundation")))
    let empty = await spawnToDidReceive(runner)
    extensionStart.append(empty.ms)
    memory.append(empty.memoryMB)
    uikitStart.append(await spawnToDidReceive(uikitRunner).ms)
    forkStart.append(await spawnToDidReceive(forkedRunner).ms)
}
print(row("bare spawn: minimal Swift executable", bare))
print(row("bare spawn: minimal Swift + Foundation", bareFoundation))
print(row("spawn to didReceive: empty extension", extensionStart))
print(row("spawn to didReceive: importing UIKit", uikitStart))
print(row("fork (zygote, the default) to didReceive", forkStart))
let ratio = percentile(extensionStart, 50) / percentile(bare, 50)
let ratioFoundation = percentile(extensionStart, 50) / percentile(bareFoundation, 50)
print(String(format: "  ratio (p50): %.2fx the minimal executable (target 1.5x), %.2fx the Foundation one", ratio, ratioFoundation))
print(row("empty extension memory (VmHWM at ready)", memory, unit: "MB"))
figures("runtime.bare_spawn_ms", bare)
figures("runtime.bare_spawn_foundation_ms", bareFoundation)
figures("runtime.spawn_to_didreceive_ms", extensionStart)
figures("runtime.spawn_to_didreceive_uikit_ms", uikitStart)
figures("runtime.fork_to_didreceive_ms", forkStart)
figure("runtime.spawn_ratio_minimal", ratio)
figure("runtime.spawn_ratio_foundation", ratioFoundation)
figure("runtime.empty_memory_mb", percentile(memory, 50))

// The file-protection interposer (LD_PRELOAD of libNSESimFileProtection.so) on an extension that
// touches no file: the Template with it and without it (a toolchain whose products folder lacks
// the library; the host comes from the bundle), runs interleaved.
let withoutInterposer = ExtensionRunner(
    built: cold,
    toolchain: ExtensionToolchain(
        productsDirectory: URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-bench-no-interposer"),
        swiftc: toolchain.swiftc, cacheDirectory: toolchain.cacheDirectory), configuration: spawned)
/// Spawn to didReceive of two runners, runs interleaved: printed and kept as figures.
func interleavedSpawns(
    _ first: (runner: ExtensionRunner, label: String, key: String), against second: (runner: ExtensionRunner, label: String, key: String)
) async {
    var times: ([Double], [Double]) = ([], [])
    for _ in 0..<runs {
        times.0.append(await spawnToDidReceive(first.runner).ms)
        times.1.append(await spawnToDidReceive(second.runner).ms)
    }
    print(row("spawn to didReceive: \(first.label)", times.0))
    print(row("spawn to didReceive: \(second.label)", times.1))
    figures("runtime.spawn_to_didreceive_\(first.key)_ms", times.0)
    figures("runtime.spawn_to_didreceive_\(second.key)_ms", times.1)
}
await interleavedSpawns((runner, "with the interposer", "interposer"), against: (withoutInterposer, "no interposer", "no_interposer"))

// Crash and hang support on a run that neither crashes nor hangs: the Template as nsesim runs it
// (the Swift backtracer armed through SWIFT_BACKTRACE, a library with line tables) against the
// same library with the backtracer off (SWIFT_BACKTRACE=enable=no), runs interleaved. Stacks are
// only ever taken at a deadline or a kill, so nothing else differs.
let withoutBacktracer = ExtensionRunner(
    built: cold, toolchain: toolchain,
    configuration: RunConfiguration(environment: ["NSESIM_ZYGOTE": "0", "SWIFT_BACKTRACE": "enable=no"]))
await interleavedSpawns(
    (runner, "crash support (default)", "crash_support"), against: (withoutBacktracer, "backtracer off", "no_crash_support"))

// The memory baseline: a Foundation process's peak resident memory, measured the same way.
var foundationMemory: [Double] = []
for _ in 0..<5 {
    let result = try await Subprocess.run(
        .path(FilePath(base.productsDirectory.appendingPathComponent("nsesim-bench-echo-foundation").path)),
        arguments: ["--memory"], output: .string(limit: 4096), error: .discarded)
    foundationMemory.append((Double(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan) / 1_000_000)
}
print(
    "memory of a minimal Swift + Foundation process".padding(toLength: 46, withPad: " ", startingAt: 0)
        + String(format: "%8.1f MB (VmHWM, median of 5)", percentile(foundationMemory, 50)))
figure("runtime.foundation_memory_mb", percentile(foundationMemory, 50))

// 3. Deadline precision: timeWillExpire as observed by nsesim minus the deadline.
let deadlineMs = 200.0
let bestAttempt = try await builder.prepare(path: root.appendingPathComponent("Plugins-Examples/BestAttempt").path)
let deadlineRunner = ExtensionRunner(
    built: bestAttempt, toolchain: toolchain,
    configuration: RunConfiguration(deadline: .milliseconds(Int64(deadlineMs)), grace: .seconds(2)))
var lateness: [Double] = []
for _ in 0..<runs {
    let result = await deadlineRunner.run(request)
    // When the extension began running timeWillExpire, as nsesim heard of it: the whole
    // path (timer, protocol, the extension's thread), not just nsesim's timer.
    guard let started = result.timeWillExpireStartedMs else {
        print("no timeWillExpire: \(result.outcome) \(result.errors)")
        exit(1)
    }
    lateness.append(started - deadlineMs)
}
print(row("deadline precision: timeWillExpire - deadline", lateness))
print(String(format: "  p99 %.2f ms (target under 10 ms)", percentile(lateness, 99)))
figure("runtime.deadline_ms", deadlineMs)
figures("runtime.deadline_late_ms", lateness)

// 4. A sequence of deliveries, cold vs warm processes, against the spawn floor
// (NSESIM_BENCH_SEQUENCE notifications, 1,000 by default).
print("")
try await measureWarmSequence(
    built: cold, toolchain: toolchain, request: request,
    count: Int(ProcessInfo.processInfo.environment["NSESIM_BENCH_SEQUENCE"] ?? "") ?? 1000,
    floorExecutable: base.productsDirectory.appendingPathComponent("nsesim-bench-echo-foundation"))
