// nsesim-bench-downloads: the attachment path's costs against baselines measured in the
// same run (see docs/PERFORMANCE.md). Not a test: it prints figures.
//
//   nsesim-bench-downloads [RUNS]                  (default 5)
//   nsesim-bench-downloads --memory-probe nsesim|urlsession URL
//       (internal: one download in a fresh process, printing the peak memory it added)
//
// Besides its lines for people it prints `figure KEY VALUE` lines for
// Benchmarks/performance.py, which writes docs/PERFORMANCE.md from them.
import AttachmentValidation
import Foundation
import NSESimRuntime
@_spi(NSESim) import UserNotifications

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let arguments = CommandLine.arguments

func milliseconds(since start: ContinuousClock.Instant) -> Double {
    (ContinuousClock.now - start).exactMilliseconds
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// A machine-readable figure: `figure KEY VALUE`.
func figure(_ key: String, _ value: Double) {
    print("figure \(key) \(value.isFinite ? String(format: "%.4f", value) : "nan")")
}

func memory() -> (rss: Int64, hwm: Int64) {
    let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func field(_ name: String) -> Int64 {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
        return (Int64(line.split(whereSeparator: { !$0.isNumber }).last ?? "0") ?? 0) * 1024
    }
    return (field("VmRSS:"), field("VmHWM:"))
}

/// URLSession's download, waited for on this thread.
func urlSessionDownload(_ url: URL, to destination: URL) -> Bool {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var ok = false
    let task = URLSession.shared.downloadTask(with: url) { location, response, error in
        if let location, error == nil, (response as? HTTPURLResponse)?.statusCode == 200 {
            ok = (try? FileManager.default.moveItem(at: location, to: destination)) != nil
        }
        done.signal()
    }
    task.resume()
    done.wait()
    return ok
}

// MARK: - Memory probe (a child process per download)

if arguments.count == 4, arguments[1] == "--memory-probe", let url = URL(string: arguments[3]) {
    let before = memory()
    let destination = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("probe-\(getpid()).bin")
    defer { try? FileManager.default.removeItem(at: destination) }
    if arguments[2] == "nsesim" {
        let configuration = NSESimDownloader.Configuration(destinationDirectory: destination.deletingLastPathComponent())
        guard let download = try? NSESimDownloader(configuration: configuration).downloadBlocking(from: url) else { exit(1) }
        try? FileManager.default.removeItem(at: download.fileURL)
    } else {
        guard urlSessionDownload(url, to: destination) else { exit(1) }
    }
    print(memory().hwm - before.rss)
    exit(0)
}

// MARK: - The benchmark

let runs = arguments.count > 1 ? Int(arguments[1]) ?? 5 : 5
let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-bench-downloads-\(getpid())")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }

// A 50 MB movie-sized file (the largest attachment), served by the test server.
let size = 50_000_000
var bytes = [UInt8](repeating: 0, count: size)
for index in stride(from: 0, to: size, by: 4096) { bytes[index] = UInt8(truncatingIfNeeded: index / 4096) }
try Data(bytes).write(to: work.appendingPathComponent("big.bin"))
bytes = []

let server = Process()
server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
server.arguments = ["python3", root.appendingPathComponent("Fixtures/server/fault_server.py").path, work.path]
let serverOutput = Pipe()
server.standardOutput = serverOutput
try server.run()
// Waited for at the end, so that its CPU time counts as the benchmark's own (performance.py
// tells the benchmark's load from other processes' by that).
defer {
    server.terminate()
    server.waitUntilExit()
}
var line = Data()
while !line.contains(UInt8(ascii: "\n")) {
    let byte = serverOutput.fileHandleForReading.readData(ofLength: 1)
    if byte.isEmpty { break }
    line.append(byte)
}
guard let port = Int(String(decoding: line, as: UTF8.self).dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)) else {
    print("the test server did not start")
    exit(1)
}
let url = URL(string: "http://127.0.0.1:\(port)/files/big.bin")!
print("nsesim download and validation benchmark: \(runs) runs each, 50,000,000-byte file over 127.0.0.1")
print("server: Fixtures/server/fault_server.py (Python); every client reads from the same server")
print("")

/// Runs a command and waits for it with a termination handler: Foundation's
/// `waitUntilExit()` polls every 50 ms, which would inflate the baselines.
func run(_ command: String, _ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command.hasPrefix("/") ? command : "/usr/bin/\(command)")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    guard (try? process.run()) != nil else { return -1 }
    ended.wait()
    return process.terminationStatus
}

var curlTimes: [Double] = []
var nsesimTimes: [Double] = []
var sessionTimes: [Double] = []
let downloader = NSESimDownloader(configuration: NSESimDownloader.Configuration(destinationDirectory: work))
for _ in 0..<runs {
    let target = work.appendingPathComponent("curl.bin")
    var start = ContinuousClock.now
    guard run("curl", ["-sS", "-f", "-o", target.path, url.absoluteString]) == 0 else {
        print("curl failed")
        exit(1)
    }
    curlTimes.append(milliseconds(since: start))
    try? FileManager.default.removeItem(at: target)

    start = ContinuousClock.now
    let download = try downloader.downloadBlocking(from: url)
    nsesimTimes.append(milliseconds(since: start))
    guard download.byteCount == Int64(size) else {
        print("short download")
        exit(1)
    }
    try? FileManager.default.removeItem(at: download.fileURL)

    let sessionTarget = work.appendingPathComponent("session.bin")
    start = ContinuousClock.now
    guard urlSessionDownload(url, to: sessionTarget) else {
        print("URLSession failed")
        exit(1)
    }
    sessionTimes.append(milliseconds(since: start))
    try? FileManager.default.removeItem(at: sessionTarget)
}
func report(_ name: String, _ times: [Double]) {
    let rate = Double(size) / 1_000_000 / (median(times) / 1000)
    print(
        name.padding(toLength: 34, withPad: " ", startingAt: 0)
            + String(
                format: "median %7.1f ms  (%6.0f MB/s)  min %7.1f  max %7.1f", median(times), rate,
                times.min() ?? 0, times.max() ?? 0))
}
report("curl command line", curlTimes)
report("nsesim downloader (libcurl)", nsesimTimes)
report("URLSession (FoundationNetworking)", sessionTimes)
figure("downloads.runs", Double(runs))
figure("downloads.bytes", Double(size))
for (key, times) in [("curl", curlTimes), ("nsesim", nsesimTimes), ("urlsession", sessionTimes)] {
    figure("downloads.\(key)_ms", median(times))
    figure("downloads.\(key)_min_ms", times.min() ?? .nan)
    figure("downloads.\(key)_max_ms", times.max() ?? .nan)
    figure("downloads.\(key)_mb_per_s", Double(size) / 1_000_000 / (median(times) / 1000))
}
figure("downloads.nsesim_ratio", median(nsesimTimes) / median(curlTimes))
figure("downloads.urlsession_ratio", median(sessionTimes) / median(curlTimes))
print(
    String(
        format: "  nsesim / curl: %.2fx (target at most 1.2x); URLSession / curl: %.2fx",
        median(nsesimTimes) / median(curlTimes), median(sessionTimes) / median(curlTimes)))

// Peak memory added by one download, each in a fresh process.
func probe(_ client: String) -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    process.arguments = ["--memory-probe", client, url.absoluteString]
    let output = Pipe()
    process.standardOutput = output
    try? process.run()
    process.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan) / 1_000_000
}
let nsesimMemory = (0..<3).map { _ in probe("nsesim") }
let sessionMemory = (0..<3).map { _ in probe("urlsession") }
print(
    String(
        format: "peak memory added by a 50 MB download: nsesim downloader %.1f MB (target under 8 MB), URLSession %.1f MB",
        median(nsesimMemory), median(sessionMemory)))
figure("downloads.nsesim_memory_mb", median(nsesimMemory))
figure("downloads.urlsession_memory_mb", median(sessionMemory))

// Validation throughput: libmagic loaded once per thread vs one `file` process per file.
let samples = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Fixtures/media").path)
    .filter { $0.hasPrefix("sample.") }.sorted().map { root.appendingPathComponent("Fixtures/media/\($0)") }
let rounds = 100
var start = ContinuousClock.now
for _ in 0..<rounds {
    for sample in samples { _ = try? AttachmentValidator.validate(fileAt: sample) }
}
let inProcess = Double(rounds * samples.count) / (milliseconds(since: start) / 1000)
start = ContinuousClock.now
let fileRounds = 5
for _ in 0..<fileRounds {
    for sample in samples { _ = run("file", ["--mime-type", "-b", sample.path]) }
}
let perProcess = Double(fileRounds * samples.count) / (milliseconds(since: start) / 1000)
print(
    String(
        format: "validation of small files: %.0f files/s with libmagic loaded once, %.0f files/s with `file --mime-type` per file (%.0fx)",
        inProcess, perProcess, inProcess / perProcess))
figure("validation.samples", Double(samples.count))
figure("validation.nsesim_files_per_s", inProcess)
figure("validation.file_files_per_s", perProcess)
figure("validation.ratio", inProcess / perProcess)
print("  (nsesim's count includes the whole check: open, size, libmagic, completeness; \(samples.count) samples of every supported type)")
