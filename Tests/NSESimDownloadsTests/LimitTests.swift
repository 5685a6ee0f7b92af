import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing

@_spi(NSESim) @testable import UserNotifications

/// The byte limit stops a body early, declared or not, and bodies stream to disk
/// (docs/behaviour.md#the-downloader: it stops as soon as a body passes its byte limit, and never holds a
/// whole body in memory).
@Suite("NSESimDownloader: byte limit and streaming")
struct LimitTests {
    static let limit: Int64 = 1_000_000

    @Test("a declared Content-Length over the limit fails with .tooLarge before the body is read")
    func declaredTooLarge() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let path = "big/20000000/sample.jpg"
        let url = server.url(path)
        let (results, elapsed) = await timedDownload(downloader(into: destination, maximumBytes: Self.limit), [url])
        let error = try #require(failure(results[0]))
        #expect(error.isTooLarge, "\(error)")
        guard case .tooLarge(let limit, let received, let address) = error else { return }
        #expect(limit == Self.limit)
        #expect(address == url.absoluteString)
        #expect(received <= 64 * 1024, "refused on the header: \(received) bytes taken")
        #expect(elapsed < 10, "took \(elapsed) s")
        try await Task.sleep(for: .milliseconds(300))
        let sent = try server.stats()["/" + path] ?? 0
        #expect(sent < 10_000_000, "the server sent \(sent) bytes")
        #expect(try destination.contents().isEmpty)
    }

    @Test("a body without Content-Length is stopped just past the limit with .tooLarge")
    func streamedTooLarge() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let path = "stream/20000000/sample.jpg"
        let url = server.url(path)
        let error = try #require(await downloadError(downloader(into: destination, maximumBytes: Self.limit), url))
        #expect(error.isTooLarge, "\(error)")
        guard case .tooLarge(let limit, let received, _) = error else { return }
        #expect(limit == Self.limit)
        #expect(received > Self.limit)
        #expect(received < Self.limit + 1_000_000, "stopped after \(received) bytes")
        #expect(error.bytesReceived == received)
        try await Task.sleep(for: .milliseconds(300))
        let sent = try server.stats()["/" + path] ?? 0
        #expect(sent > 0)
        #expect(sent < 10_000_000, "the server sent \(sent) of 20,000,000 bytes: the transfer was not stopped early")
        #expect(try destination.contents().isEmpty)
    }

    @Test("a body exactly at the limit succeeds, with or without Content-Length", arguments: ["big", "stream"])
    func exactlyAtLimit(kind: String) async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let download = try await downloader(into: destination, maximumBytes: Self.limit)
            .download(from: server.url("\(kind)/\(Self.limit)/sample.jpg"))
        #expect(download.byteCount == Self.limit)
        let attributes = try FileManager.default.attributesOfItem(atPath: download.fileURL.path)
        #expect((attributes[.size] as? NSNumber)?.int64Value == Self.limit)
        let handle = try FileHandle(forReadingFrom: download.fileURL)
        defer { try? handle.close() }
        let head = try handle.read(upToCount: 1397)
        #expect(head == (try Media.data("sample.jpg")))
        #expect(download.fileURL.pathExtension == "jpg")
    }

    @Test("one byte over the limit fails, with or without Content-Length", arguments: ["big", "stream"])
    func oneByteOver(kind: String) async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let error = try #require(
            await downloadError(
                downloader(into: destination, maximumBytes: Self.limit),
                server.url("\(kind)/\(Self.limit + 1)/sample.jpg")))
        #expect(error.isTooLarge, "\(error)")
        #expect(error.bytesReceived <= Self.limit + 1)
        #expect(try destination.contents().isEmpty)
    }

    /// A generous bound, not a benchmark: a downloader that kept the body in memory would
    /// grow by 40 MB or more. VmRSS is sampled every few milliseconds during the download.
    /// Other tests run in the same process at the same time and may add a few MB, so an
    /// attempt over the bound is repeated (up to 3 in all) and the smallest growth counts:
    /// a downloader that buffers the body grows by 40 MB every time.
    @Test("a 40 MB body streams to disk: resident memory grows by well under 40 MB")
    func streamsToDisk() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let size: Int64 = 40_000_000
        let bound: Int64 = 16_000_000
        let downloader = downloader(into: destination, maximumBytes: 50_000_000)
        // Warm up libcurl and the thread machinery so their one-time cost is not counted.
        _ = try await downloader.download(from: server.url("files/sample.jpg"))

        // The method itself: a 40 MB buffer, touched, is seen.
        let control = try await peakGrowth {
            var buffer = [UInt8](repeating: 1, count: Int(size))
            buffer[buffer.count - 1] = 2
            usleep(50_000)
            return buffer.reduce(0) { $0 &+ Int($1) } > 0
        }
        #expect(control.growth > size * 9 / 10, "the sampler saw \(control.growth) bytes of a 40 MB buffer")

        var growths: [Int64] = []
        for _ in 0..<3 {
            let (growth, result) = try await peakGrowth { () -> Result<NSESimDownloader.Download, NSESimDownloadError> in
                let done = DispatchSemaphore(value: 0)
                let box = Box<Result<NSESimDownloader.Download, NSESimDownloadError>>()
                downloader.download(from: server.url("big/\(size)/sample.jpg")) { result in
                    box.set(result)
                    done.signal()
                }
                done.wait()
                return box.value!
            }
            let download = try result.get()
            #expect(download.byteCount == size)
            let attributes = try FileManager.default.attributesOfItem(atPath: download.fileURL.path)
            #expect((attributes[.size] as? NSNumber)?.int64Value == size)
            try FileManager.default.removeItem(at: download.fileURL)
            growths.append(growth)
            if growth < bound { break }
        }
        #expect(growths.min()! < bound, "VmRSS grew by \(growths) bytes")
    }
}

/// Runs `body` on a thread of its own while another samples VmRSS every 5 ms; returns the
/// peak growth over the resident size before, and what `body` returned.
func peakGrowth<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> (growth: Int64, value: T) {
    try await onOwnThread {
        let baseline = residentBytes()
        let peak = Box<Int64>()
        let done = Box<Bool>()
        let finished = DispatchSemaphore(value: 0)
        let sampler = Thread {
            var highest = residentBytes()
            while done.value != true {
                highest = max(highest, residentBytes())
                usleep(5_000)
            }
            peak.set(max(highest, residentBytes()))
            finished.signal()
        }
        sampler.start()
        let value = Result { try body() }
        done.set(true)
        finished.wait()
        return (peak.value! - baseline, try value.get())
    }
}
