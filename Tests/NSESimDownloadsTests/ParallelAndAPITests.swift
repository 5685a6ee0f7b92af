import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing

@_spi(NSESim) @testable import UserNotifications

/// Several URLs in one call (curl multi), and the three ways to call the downloader.
@Suite("NSESimDownloader: parallel downloads and APIs")
struct ParallelAndAPITests {
    /// Three slow bodies of about 3 s each: one after the other they would take about 9 s;
    /// in parallel about as long as the slowest. The bound (6.5 s) is deliberately loose.
    @Test("8 URLs in one call, some failing: 8 results in order, in about the time of the slowest")
    func eightInParallel() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let urls = [
            server.url("files/sample.jpg"),
            server.url("drip/500/sample.jpg"),  // 1397 bytes, 50 every 0.1 s: about 2.8 s
            server.url("status/404"),
            server.url("drip/160/sample.png"),  // 469 bytes, 16 every 0.1 s: about 3 s
            server.url("reset/100/sample.avi"),
            URL(string: "ftp://127.0.0.1:\(server.port)/sample.jpg")!,
            server.url("drip/500/sample.jpg"),
            server.url("redirect/2/sample.mp3"),
        ]
        let (results, elapsed) = await timedDownload(downloader(into: destination), urls)

        #expect(results.count == 8)
        guard results.count == 8 else { return }
        let expectedFiles: [Int: String] = [0: "sample.jpg", 1: "sample.jpg", 3: "sample.png", 6: "sample.jpg", 7: "sample.mp3"]
        for (index, name) in expectedFiles.sorted(by: { $0.key < $1.key }) {
            let download = try results[index].get()
            #expect(download.sourceURL == urls[index])
            #expect(try Data(contentsOf: download.fileURL) == Media.data(name), "result \(index)")
            #expect(download.fileURL.pathExtension == (name as NSString).pathExtension)
        }
        #expect(try results[7].get().redirectCount == 2)
        #expect(failure(results[2])?.httpStatusCode == 404)
        let reset = failure(results[4])
        #expect(reset?.isIncomplete == true || reset?.isConnection == true, "\(String(describing: reset))")
        #expect(failure(results[5]) == .unsupportedScheme(url: urls[5].absoluteString))

        #expect(elapsed >= 2.5, "the slowest body takes about 3 s; took \(elapsed) s")
        #expect(elapsed < 6.5, "about 9 s if run one after the other; took \(elapsed) s")
        #expect(try destination.contents().count == 5, "the five successes only")
    }

    @Test("an empty list gives no results")
    func emptyList() async throws {
        let destination = try Destination()
        defer { destination.remove() }
        let results = await downloader(into: destination).download(from: [URL]())
        #expect(results.isEmpty)
    }

    @Test("only invalid URLs: every one refused, in order")
    func onlyInvalid() async throws {
        let destination = try Destination()
        defer { destination.remove() }
        let urls = [URL(string: "ftp://127.0.0.1/a")!, URL(fileURLWithPath: "/etc/passwd")]
        let results = await downloader(into: destination).download(from: urls)
        #expect(results.count == 2)
        for (result, url) in zip(results, urls) {
            #expect(failure(result) == .unsupportedScheme(url: url.absoluteString))
        }
        #expect(try destination.contents().isEmpty)
    }

    @Test("the async single-URL API returns the download and throws NSESimDownloadError")
    func asyncAPI() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let downloader = downloader(into: destination)
        let download = try await downloader.download(from: server.url("files/sample.m4a"))
        #expect(try Data(contentsOf: download.fileURL) == Media.data("sample.m4a"))
        let missing = server.url("status/500")
        do {
            _ = try await downloader.download(from: missing)
            Issue.record("HTTP 500 gave a download")
        } catch {
            #expect(error == .httpStatus(500, url: missing.absoluteString))
        }
    }

    @Test("the completion-handler API (one URL) calls back off the main thread with the result")
    func completionHandlerOne() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let downloader = downloader(into: destination)
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<(Result<NSESimDownloader.Download, NSESimDownloadError>, Bool), Never>) in
            downloader.download(from: server.url("files/sample.wav")) { result in
                continuation.resume(returning: (result, Thread.isMainThread))
            }
        }
        #expect(result.1 == false)
        let download = try result.0.get()
        #expect(try Data(contentsOf: download.fileURL) == Media.data("sample.wav"))
        #expect(download.fileURL.pathExtension == "wav")
    }

    @Test("the completion-handler API (several URLs) gives one result per URL, in order")
    func completionHandlerMany() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let urls = [server.url("files/sample.aiff"), server.url("status/403"), server.url("files/sample.gif")]
        let downloader = downloader(into: destination)
        // A semaphore, as extension code without async would wait.
        let semaphore = DispatchSemaphore(value: 0)
        let box = Box<[Result<NSESimDownloader.Download, NSESimDownloadError>]>()
        downloader.download(from: urls) { results in
            box.set(results)
            semaphore.signal()
        }
        #expect(semaphore.wait(timeout: .now() + 20) == .success)
        let results = try #require(box.value)
        #expect(results.count == 3)
        #expect(try Data(contentsOf: results[0].get().fileURL) == Media.data("sample.aiff"))
        #expect(failure(results[1])?.httpStatusCode == 403)
        #expect(try results[2].get().fileURL.pathExtension == "gif")
    }

    @Test("downloadBlocking returns the download on the calling thread, and throws on failure")
    func blockingAPI() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let downloader = downloader(into: destination)
        let download = try downloader.downloadBlocking(from: server.url("files/sample.mpg"))
        #expect(try Data(contentsOf: download.fileURL) == Media.data("sample.mpg"))
        #expect(download.statusCode == 200)
        let missing = server.url("status/404")
        #expect(throws: NSESimDownloadError.httpStatus(404, url: missing.absoluteString)) {
            try downloader.downloadBlocking(from: missing)
        }
        #expect(try destination.contents() == [download.fileURL.lastPathComponent])
    }

    @Test("downloads run concurrently from several tasks")
    func concurrentCalls() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let downloader = downloader(into: destination)
        let url = server.url("files/sample.jpg")
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<6 {
                group.addTask { try await downloader.download(from: url).fileURL.lastPathComponent }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(names).count == 6)
        #expect(try destination.contents().count == 6)
    }
}
