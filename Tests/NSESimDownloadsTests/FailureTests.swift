import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing

@_spi(NSESim) @testable import UserNotifications

#if canImport(Glibc)
import Glibc
#endif

/// HTTP errors, broken bodies, redirects, schemes and timeouts: each fails with its error
/// and leaves nothing (no file, no partial file) in the destination (docs/behaviour.md#the-downloader).
@Suite("NSESimDownloader: failures")
struct FailureTests {
    @Test("an HTTP error status fails with .httpStatus and its code", arguments: [400, 403, 404, 410, 500, 503])
    func httpStatus(code: Int) async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let url = server.url("status/\(code)")
        let error = try #require(await downloadError(downloader(into: destination), url))
        #expect(error == .httpStatus(code, url: url.absoluteString))
        #expect(error.bytesReceived == 0)
        #expect(try destination.contents().isEmpty)
    }

    @Test("a missing file (404 with an HTML body) leaves no HTML behind")
    func missingFile() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let error = try #require(await downloadError(downloader(into: destination), server.url("files/absent.jpg")))
        #expect(error.httpStatusCode == 404)
        #expect(try destination.contents().isEmpty)
    }

    @Test("a connection reset mid-body fails (.incomplete or .connection) after at most 100 bytes")
    func resetMidBody() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let error = try #require(await downloadError(downloader(into: destination), server.url("reset/100/sample.avi")))
        #expect(error.isIncomplete || error.isConnection, "\(error)")
        #expect(error.bytesReceived <= 100)
        #expect(try destination.contents().isEmpty)
    }

    @Test("a Content-Length longer than the body fails with .incomplete")
    func contentLengthTooLong() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let error = try #require(await downloadError(downloader(into: destination), server.url("length/50/sample.png")))
        #expect(error.isIncomplete, "\(error)")
        #expect(error.bytesReceived == Int64(try Media.data("sample.png").count))
        #expect(try destination.contents().isEmpty)
    }

    /// Observed with libcurl 7.88: it reads exactly Content-Length bytes, ignores the excess
    /// and reports success. The downloader does not second-guess it; the attachment check
    /// (libmagic and the PNG's structure) is what refuses the cut file.
    @Test("a Content-Length shorter than the body: the body is cut to the declared length, the attachment check refuses the truncated PNG")
    func contentLengthTooShort() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let whole = try Media.data("sample.png")
        let download = try await downloader(into: destination).download(from: server.url("length/-50/sample.png"))
        #expect(download.byteCount == Int64(whole.count - 50))
        #expect(try Data(contentsOf: download.fileURL) == whole.prefix(whole.count - 50))
        #expect(download.fileURL.pathExtension == "png")
        do {
            _ = try UNNotificationAttachment(identifier: "image", url: download.fileURL, options: nil)
            Issue.record("the truncated PNG was accepted as an attachment")
        } catch let error as UNError {
            #expect(error.code == .attachmentCorrupt, "\(error)")
        }
    }

    @Test("a chain of 5 redirects is followed")
    func fiveRedirects() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let url = server.url("redirect/5/sample.jpg")
        let download = try await downloader(into: destination).download(from: url)
        #expect(download.redirectCount == 5)
        #expect(download.sourceURL == url)
        #expect(download.finalURL == server.url("files/sample.jpg"))
        #expect(download.statusCode == 200)
        #expect(try Data(contentsOf: download.fileURL) == Media.data("sample.jpg"))
        #expect(try destination.contents() == [download.fileURL.lastPathComponent])
    }

    @Test("a chain of 6 redirects is refused with .tooManyRedirects")
    func sixRedirects() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let url = server.url("redirect/6/sample.jpg")
        let error = try #require(await downloadError(downloader(into: destination), url))
        #expect(error == .tooManyRedirects(limit: 5, url: url.absoluteString))
        #expect(try destination.contents().isEmpty)
        #expect(try server.stats()["/files/sample.jpg"] == nil, "the target was never fetched")
    }

    @Test(
        "a redirect to a non-http scheme is refused with .unsupportedScheme and nothing is written",
        arguments: ["file:///etc/passwd", "ftp://127.0.0.1/etc/passwd", "gopher://127.0.0.1/"])
    func redirectToOtherScheme(target: String) async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let query = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let url = server.url("redirect-to?url=\(query)")
        let error = try #require(await downloadError(downloader(into: destination), url))
        #expect(error.isUnsupportedScheme, "\(error)")
        #expect(try destination.contents().isEmpty)
    }

    @Test("a redirect to another http URL is followed")
    func redirectToHTTP() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let target = server.url("files/sample.mp4")
        let query = target.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let download = try await downloader(into: destination).download(from: server.url("redirect-to?url=\(query)"))
        #expect(download.finalURL == target)
        #expect(download.redirectCount == 1)
        #expect(download.fileURL.pathExtension == "mp4")
    }

    @Test("a non-http URL is refused before any transfer", arguments: ["file", "ftp", "gopher", "scp", "ws"])
    func nonHTTPURL(scheme: String) async throws {
        // A listening socket of our own: a transfer, had one started, would connect to it.
        let listener = try Listener()
        defer { listener.close() }
        let destination = try Destination()
        defer { destination.remove() }
        let url = URL(string: scheme == "file" ? "file:///etc/passwd" : "\(scheme)://127.0.0.1:\(listener.port)/sample.jpg")!
        let (results, seconds) = await timedDownload(downloader(into: destination), [url])
        let error = try #require(failure(results[0]))
        #expect(error == .unsupportedScheme(url: url.absoluteString))
        #expect(seconds < 2, "took \(seconds) s")
        #expect(!listener.hasPendingConnection(), "no connection was attempted")
        #expect(try destination.contents().isEmpty)
    }

    @Test("the blocking API refuses a file URL too")
    func nonHTTPURLBlocking() throws {
        let destination = try Destination()
        defer { destination.remove() }
        let url = URL(fileURLWithPath: "/etc/passwd")
        #expect(throws: NSESimDownloadError.unsupportedScheme(url: url.absoluteString)) {
            try downloader(into: destination).downloadBlocking(from: url)
        }
        #expect(try destination.contents().isEmpty)
    }

    @Test("a server that never answers times out with .timedOut within a few seconds")
    func hang() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        let url = server.url("hang")
        let (results, elapsed) = await timedDownload(downloader(into: destination, timeout: 1), [url])
        let error = try #require(failure(results[0]))
        #expect(error == .timedOut(seconds: 1, url: url.absoluteString))
        #expect(elapsed >= 0.9)
        #expect(elapsed < 6, "took \(elapsed) s")
        #expect(try destination.contents().isEmpty)
    }

    @Test("a body that drips past the total timeout times out, leaving no partial file")
    func slowBodyTimesOut() async throws {
        let server = try await startServer()
        let destination = try Destination()
        defer { destination.remove() }
        // sample.avi (6482 bytes) at 500 bytes/s needs 13 s; the limit is 1 s.
        let (results, elapsed) = await timedDownload(downloader(into: destination, timeout: 1), [server.url("drip/500/sample.avi")])
        let error = try #require(failure(results[0]))
        #expect(error.isTimedOut, "\(error)")
        #expect(elapsed < 6, "took \(elapsed) s")
        #expect(try destination.contents().isEmpty)
    }

    @Test("a refused connection fails with .connection")
    func connectionRefused() async throws {
        let listener = try Listener()
        let port = listener.port
        listener.close()  // nothing listens there any more
        let destination = try Destination()
        defer { destination.remove() }
        let error = try #require(
            await downloadError(downloader(into: destination), URL(string: "http://127.0.0.1:\(port)/files/sample.jpg")!))
        #expect(error.isConnection, "\(error)")
        #expect(try destination.contents().isEmpty)
    }
}

/// A TCP socket listening on 127.0.0.1 that never accepts on its own.
final class Listener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 8) == 0 else {
            Glibc.close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// True when a client has connected (a connection waits in the backlog).
    func hasPendingConnection() -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    func close() { Glibc.close(descriptor) }
}
