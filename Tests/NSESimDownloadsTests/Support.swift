import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing

@_spi(NSESim) @testable import UserNotifications

/// The committed media samples (Fixtures/media).
enum Media {
    static func url(_ name: String) -> URL { URL(fileURLWithPath: repositoryPath("Fixtures/media/\(name)")) }
    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }
}

/// A fresh, empty destination folder for one test, removed by `remove()`.
struct Destination {
    let url: URL

    init() throws {
        url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("nsesim-downloader-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Every name in the folder, hidden ones (a `.part` file) included.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A downloader writing into `destination`, with the CA file from the environment
/// ignored (a test that wants one sets it).
func downloader(
    into destination: Destination, maximumBytes: Int64 = NSESimDownloader.defaultMaximumBytes,
    connectTimeout: Double = 10, timeout: Double = 25, caFile: String? = nil,
    naming: NSESimDownloader.FileNaming = .uniqueWithServerExtension
) -> NSESimDownloader {
    var configuration = NSESimDownloader.Configuration(
        maximumBytes: maximumBytes, connectTimeout: connectTimeout,
        timeout: timeout, destinationDirectory: destination.url,
        naming: naming)
    configuration.caFile = caFile
    return NSESimDownloader(configuration: configuration)
}

/// The error of a download that must fail; records an issue (and returns nil) if it succeeded.
func failure(
    _ result: Result<NSESimDownloader.Download, NSESimDownloadError>,
    sourceLocation: SourceLocation = #_sourceLocation
) -> NSESimDownloadError? {
    switch result {
    case .success(let download):
        Issue.record(
            "expected a failure, got a download of \(download.byteCount) bytes from \(download.finalURL)",
            sourceLocation: sourceLocation)
        return nil
    case .failure(let error):
        return error
    }
}

/// Downloads one URL (async API) and returns the error it must fail with.
func downloadError(
    _ downloader: NSESimDownloader, _ url: URL,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> NSESimDownloadError? {
    failure(await downloader.download(from: [url])[0], sourceLocation: sourceLocation)
}

extension NSESimDownloadError {
    var httpStatusCode: Int? {
        if case .httpStatus(let code, _) = self { return code }
        return nil
    }

    var isIncomplete: Bool {
        if case .incomplete = self { return true }
        return false
    }

    var isConnection: Bool {
        if case .connection = self { return true }
        return false
    }

    var isTooLarge: Bool {
        if case .tooLarge = self { return true }
        return false
    }

    var isTimedOut: Bool {
        if case .timedOut = self { return true }
        return false
    }

    var isTooManyRedirects: Bool {
        if case .tooManyRedirects = self { return true }
        return false
    }

    var isUnsupportedScheme: Bool {
        if case .unsupportedScheme = self { return true }
        return false
    }

    var isTLS: Bool {
        if case .tls = self { return true }
        return false
    }
}

/// Seconds since an arbitrary point, for generous elapsed-time checks.
func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// The process's resident set size in bytes (VmRSS in /proc/self/status).
func residentBytes() -> Int64 {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Int64($0) } ?? -1
        return kilobytes * 1024
    }
    return -1
}

/// A self-signed certificate for 127.0.0.1 (openssl), in a temporary folder.
struct SelfSignedCertificate: Sendable {
    /// Makes one off the cooperative pool (openssl takes a moment).
    static func make() async throws -> SelfSignedCertificate {
        try await onOwnThread { try SelfSignedCertificate() }
    }

    let folder: URL
    var certificate: String { folder.appendingPathComponent("cert.pem").path }
    var key: String { folder.appendingPathComponent("key.pem").path }

    init() throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("nsesim-downloader-tls-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1", "-days", "1",
            "-keyout", folder.appendingPathComponent("key.pem").path,
            "-out", folder.appendingPathComponent("cert.pem").path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: folder.appendingPathComponent("cert.pem").path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSDebugDescriptionErrorKey: "openssl req failed (\(process.terminationStatus))"])
        }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// Thread-safe box for a value handed over from a completion handler.
final class Box<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value? { lock.withLock { stored } }
}

/// Runs `body` on a new thread, off Swift's cooperative pool (2 threads on this box,
/// which blocking calls of many parallel tests would starve).
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// Starts a ``FaultServer`` on a thread of its own (its start blocks while it reads the port).
func startServer(tls: (certificate: String, key: String)? = nil) async throws -> FaultServer {
    let certificate = tls?.certificate
    let key = tls?.key
    return try await onOwnThread {
        if let certificate, let key { return try FaultServer(tls: (certificate, key)) }
        return try FaultServer()
    }
}

/// Downloads `urls` with the completion-handler API and times the download itself (from
/// the call to the callback, which runs on the downloader's thread), so that a busy
/// cooperative pool does not count.
func timedDownload(
    _ downloader: NSESimDownloader, _ urls: [URL]
)
    async -> (results: [Result<NSESimDownloader.Download, NSESimDownloadError>], seconds: Double)
{
    await withCheckedContinuation { continuation in
        let start = now()
        downloader.download(from: urls) { results in
            continuation.resume(returning: (results, now() - start))
        }
    }
}
