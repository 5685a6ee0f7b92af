// nsesim-bench-pacing: how exactly the fixture server applies each network profile of
// docs/behaviour.md#network-profiles, seen by a real client (see docs/PERFORMANCE.md). Not a test: it prints
// figures.
//
//   nsesim-bench-pacing [RUNS]     (default 5)
//
// For each profile a FixtureServer runs in this process with that profile, and
// `curl -o /dev/null` downloads a file sized for about 2 s of transfer at the profile's
// rate. Expected: the profile's latency (plus first-byte delay) + size / rate; measured:
// curl's `time_total` (and `time_starttransfer` for the first byte). A lossy profile's
// dropped connections are retried and counted; `100% Loss` only shows that every
// connection is dropped.
//
// Besides its lines for people it prints `figure KEY VALUE` lines for
// Benchmarks/performance.py, which writes docs/PERFORMANCE.md from them.
import FixtureServer
import Foundation
import Subprocess
import SystemPackage

let runs = max(1, CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 5 : 5)
/// How long the body of each download should take at the profile's rate.
let transferSeconds = 2.0
/// The size served under profiles without a rate limit (High Latency DNS).
let unlimitedSize = 1_000_000
/// The most attempts per measured download under a lossy profile.
let maxAttempts = 20

/// A machine-readable figure: `figure KEY VALUE`.
func figure(_ key: String, _ value: Double) {
    print("figure \(key) \(value.isFinite ? String(format: "%.4f", value) : "nan")")
}

/// The profile's name as a figure key: `Very Bad Network` -> `very_bad_network`.
func slug(_ name: String) -> String {
    var key = ""
    for character in name.lowercased() {
        if character.isLetter || character.isNumber {
            key.append(character)
        } else if !key.hasSuffix("_") {
            key.append("_")
        }
    }
    return key.trimmingCharacters(in: ["_"])
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// One curl download: its exit status, and curl's first-byte and total times in seconds.
struct CurlTiming {
    let status: Int32
    let firstByte: Double
    let total: Double
    var succeeded: Bool { status == 0 }
}

func curl(_ url: URL) async throws -> CurlTiming {
    let result = try await Subprocess.run(
        .name("curl"),
        arguments: ["-sS", "-f", "--max-time", "30", "-o", "/dev/null", "-w", "%{time_starttransfer} %{time_total}", url.absoluteString],
        output: .string(limit: 4096), error: .discarded)
    let status: Int32
    switch result.terminationStatus {
    case .exited(let code): status = code
    default: status = -1
    }
    let parts = result.standardOutput.split(separator: " ").compactMap { Double($0) }
    return CurlTiming(status: status, firstByte: parts.first ?? .nan, total: parts.count > 1 ? parts[1] : .nan)
}

let order = ["WiFi", "LTE", "DSL", "3G", "Edge", "Very Bad Network", "High Latency DNS", "100% Loss"]
let allProfiles = try NetworkProfiles.load()
let profiles =
    order.compactMap { name in try? NetworkProfiles.named(name, in: allProfiles) }
    + allProfiles.filter { profile in !order.contains { $0.caseInsensitiveCompare(profile.name) == .orderedSame } }

let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-bench-pacing-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

print("nsesim fixture server pacing: \(runs) downloads per profile with curl, each sized for about \(Int(transferSeconds)) s of transfer")
print("expected = latency + first-byte delay + size / rate; error = curl's time_total - expected (target within ±5 %)")
print("")
figure("pacing.runs", Double(runs))

for profile in profiles {
    let key = "pacing.\(slug(profile.name))"
    let size = profile.bytesPerSecond.map { Int(($0 * transferSeconds).rounded()) } ?? unlimitedSize
    let file = "\(slug(profile.name)).bin"
    var bytes = [UInt8](repeating: 0, count: size)
    for index in stride(from: 0, to: size, by: 1024) { bytes[index] = UInt8(truncatingIfNeeded: index / 1024) }
    try Data(bytes).write(to: work.appendingPathComponent(file))

    let server = FixtureServer(root: work, profile: profile)
    let url = try await server.start().appendingPathComponent(file)
    let expected = profile.firstByteDelay + (profile.bytesPerSecond.map { Double(size) / $0 } ?? 0)
    let label = profile.name.padding(toLength: 18, withPad: " ", startingAt: 0)

    if profile.lossPercent >= 100 {
        // Nothing arrives: show that every connection is dropped.
        var dropped = 0
        for _ in 0..<runs {
            if !(try await curl(url)).succeeded { dropped += 1 }
        }
        print(label + "\(dropped) of \(runs) connections dropped (curl got no answer)")
        figure("\(key).attempts", Double(runs))
        figure("\(key).dropped", Double(dropped))
        await server.stop()
        continue
    }

    var totals: [Double] = []
    var firstBytes: [Double] = []
    var attempts = 0
    var dropped = 0
    while totals.count < runs && attempts < runs * maxAttempts {
        attempts += 1
        let timing = try await curl(url)
        guard timing.succeeded, timing.total.isFinite else {
            dropped += 1  // a dropped connection (lossy profiles): retried
            continue
        }
        totals.append(timing.total)
        firstBytes.append(timing.firstByte)
    }
    await server.stop()
    guard !totals.isEmpty else {
        print(label + "no download completed in \(attempts) attempts")
        figure("\(key).dropped", Double(dropped))
        continue
    }
    let errors = totals.map { ($0 - expected) * 1000 }
    let errorMs = median(errors)
    let worst = errors.max { abs($0) < abs($1) } ?? .nan
    let retried = dropped > 0 ? String(format: ", %d dropped connections retried (%d attempts)", dropped, attempts) : ""
    print(
        label
            + String(
                format:
                    "%9d bytes  expected %7.3f s  measured %7.3f s  error %+7.1f ms (%+.2f %%), worst %+.1f ms; first byte %.3f s (expected %.3f)",
                size, expected, median(totals), errorMs, errorMs / (expected * 10), worst,
                median(firstBytes), profile.firstByteDelay) + retried)
    figure("\(key).bytes", Double(size))
    figure("\(key).rate_kbps", profile.downlinkKbps ?? .nan)
    figure("\(key).expected_ms", expected * 1000)
    figure("\(key).measured_ms", median(totals) * 1000)
    figure("\(key).error_ms", errorMs)
    figure("\(key).error_pct", errorMs / (expected * 10))
    figure("\(key).worst_error_ms", worst)
    figure("\(key).worst_error_pct", worst / (expected * 10))
    figure("\(key).first_byte_expected_ms", profile.firstByteDelay * 1000)
    figure("\(key).first_byte_ms", median(firstBytes) * 1000)
    figure("\(key).runs", Double(totals.count))
    figure("\(key).attempts", Double(attempts))
    figure("\(key).dropped", Double(dropped))
}
