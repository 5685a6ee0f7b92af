import FixtureServer
import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing

@_spi(NSESim) @testable import UserNotifications

#if canImport(Glibc)
import Glibc
#endif

/// Every fault of nsesim's own fixture server (`nsesim serve`, Sources/FixtureServer/Faults.swift)
/// against the downloader: each ends in a download or in its error, never a crash, and a
/// failure leaves nothing (no file, no partial file) in the destination. A downloaded body
/// that is not a whole attachment (a truncated PNG, an empty body, an HTML page) is then
/// refused by UNNotificationAttachment with Apple's code.
///
/// The downloader's tests against `Fixtures/server/fault_server.py` (FailureTests) cover
/// the faults that server alone has; this matrix is the one users meet with `nsesim serve`.
@Suite("NSESimDownloader: the fixture server's fault matrix")
struct NetworkFaultMatrixTests {
    /// What a fault must end in.
    enum Expected: Sendable {
        /// A whole copy of `file` (the file served after the redirects), `redirects` followed.
        case download(file: String, redirects: Int)
        /// A download whose body is not a valid attachment: UNNotificationAttachment refuses
        /// it with this UNError code; `bytes` arrived.
        case refusedAttachment(code: UNError.Code, bytes: Int)
        case httpStatus(Int)
        /// A body cut short: `.incomplete`, or `.connection` when no body byte came; at most
        /// `atMost` bytes received.
        case cutShort(atMost: Int)
        case tooManyRedirects
        case unsupportedScheme
        case timedOut
        case connection
    }

    /// One fault: the request target on the server (`{{server}}` becomes its address in a
    /// redirect-to value), what it must end in, and the downloader's total timeout.
    struct Fault: Sendable, CustomTestStringConvertible {
        let target: String
        let expected: Expected
        var timeout: Double = 25

        var testDescription: String { target }
    }

    static let faults: [Fault] = [
        // Status codes: errors, redirects without a Location, 2xx that carry no file.
        Fault(target: "sample.jpg?status=400", expected: .httpStatus(400)),
        Fault(target: "sample.jpg?status=403", expected: .httpStatus(403)),
        Fault(target: "sample.jpg?status=404", expected: .httpStatus(404)),
        Fault(target: "sample.jpg?status=410", expected: .httpStatus(410)),
        Fault(target: "sample.jpg?status=429", expected: .httpStatus(429)),
        Fault(target: "sample.jpg?status=500", expected: .httpStatus(500)),
        Fault(target: "sample.jpg?status=502", expected: .httpStatus(502)),
        Fault(target: "sample.jpg?status=503", expected: .httpStatus(503)),
        Fault(target: "sample.jpg?status=504", expected: .httpStatus(504)),
        Fault(target: "sample.jpg?status=599", expected: .httpStatus(599)),
        Fault(target: "sample.jpg?status=301", expected: .httpStatus(301)),
        Fault(target: "sample.jpg?status=302", expected: .httpStatus(302)),
        Fault(target: "sample.jpg?status=304", expected: .httpStatus(304)),
        Fault(target: "sample.jpg?status=307", expected: .httpStatus(307)),
        Fault(target: "sample.jpg?status=204", expected: .refusedAttachment(code: .attachmentInvalidFileSize, bytes: 0)),
        // A 200 whose body is the server's status page (HTML) saved as .jpg.
        Fault(target: "sample.jpg?status=200", expected: .refusedAttachment(code: .attachmentCorrupt, bytes: -1)),
        // Resets: before the first body byte, mid-body, one byte before the end.
        Fault(target: "sample.avi?reset-after=0", expected: .cutShort(atMost: 0)),
        Fault(target: "sample.avi?reset-after=100", expected: .cutShort(atMost: 100)),
        Fault(target: "sample.avi?reset-after=6481", expected: .cutShort(atMost: 6481)),
        // A Content-Length that lies: longer (the body ends early), shorter (libcurl reads
        // exactly the declared length: the file is cut, and the attachment check refuses it).
        Fault(target: "sample.png?length-delta=1", expected: .cutShort(atMost: 469)),
        Fault(target: "sample.png?length-delta=50", expected: .cutShort(atMost: 469)),
        Fault(target: "sample.png?length-delta=-50", expected: .refusedAttachment(code: .attachmentCorrupt, bytes: 419)),
        Fault(target: "sample.png?length-delta=-469", expected: .refusedAttachment(code: .attachmentInvalidFileSize, bytes: 0)),
        // A slow drip: within the timeout (6482 bytes at 20 kB/s), past it.
        Fault(target: "sample.avi?drip=20000", expected: .download(file: "sample.avi", redirects: 0)),
        Fault(target: "sample.avi?drip=500", expected: .timedOut, timeout: 1),
        // Redirect chains: up to 5 followed, more refused before the file is fetched.
        Fault(target: "sample.gif?redirects=1", expected: .download(file: "sample.gif", redirects: 1)),
        Fault(target: "sample.gif?redirects=5", expected: .download(file: "sample.gif", redirects: 5)),
        Fault(target: "sample.gif?redirects=6", expected: .tooManyRedirects),
        Fault(target: "sample.gif?redirects=50", expected: .tooManyRedirects),
        // A redirect to a given URL: http ones are followed; every other scheme is refused.
        Fault(target: "sample.gif?redirect-to=%2Fsample.png", expected: .download(file: "sample.png", redirects: 1)),
        Fault(
            target: "sample.gif?redirect-to={{server}}%2Fsample.mp4%3Fredirects%3D2", expected: .download(file: "sample.mp4", redirects: 3)),
        Fault(target: "sample.gif?redirect-to=file:%2F%2F%2Fetc%2Fpasswd", expected: .unsupportedScheme),
        Fault(target: "sample.gif?redirect-to=ftp:%2F%2F127.0.0.1%2Fsample.gif", expected: .unsupportedScheme),
        Fault(target: "sample.gif?redirect-to=gopher:%2F%2F127.0.0.1%2F", expected: .unsupportedScheme),
        Fault(target: "sample.gif?redirect-to=data:image%2Fgif%3Bbase64%2CR0lGODlhAQABAAAAACw%3D", expected: .unsupportedScheme),
        Fault(target: "sample.gif?redirect-to=dict:%2F%2F127.0.0.1%2Fx", expected: .unsupportedScheme),
        Fault(target: "sample.gif?redirect-to=http:%2F%2F127.0.0.1:1%2Fsample.gif", expected: .connection),
        // A redirect into a fault.
        Fault(target: "sample.gif?redirect-to=%2Fsample.jpg%3Fstatus%3D503", expected: .httpStatus(503)),
        // A server that reads the request and never answers.
        Fault(target: "sample.jpg?stall=1", expected: .timedOut, timeout: 1),
    ]

    @Test("each fault ends in its download or error, nothing left behind on failure", arguments: faults)
    func fault(_ fault: Fault) async throws {
        let server = FixtureServer(root: URL(fileURLWithPath: repositoryPath("Fixtures/media")))
        let base = try await server.start()
        let destination = try Destination()
        defer { destination.remove() }
        let url = try #require(
            URL(
                string: "\(base.absoluteString)/"
                    + fault.target.replacingOccurrences(
                        of: "{{server}}", with: base.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)))
        let (results, seconds) = await timedDownload(downloader(into: destination, timeout: fault.timeout), [url])
        let sent = server.bytesSent()
        await server.stop()
        let result = results[0]

        switch fault.expected {
        case .download(let file, let redirects):
            let download = try result.get()
            #expect(download.statusCode == 200)
            #expect(download.redirectCount == redirects)
            #expect(download.finalURL.path == "/\(file)")
            #expect(download.fileURL.pathExtension == (file as NSString).pathExtension)
            #expect(try Data(contentsOf: download.fileURL) == Media.data(file))
            #expect(try destination.contents() == [download.fileURL.lastPathComponent])
            _ = try UNNotificationAttachment(identifier: "media", url: download.fileURL, options: nil)
        case .refusedAttachment(let code, let bytes):
            let download = try result.get()
            if bytes >= 0 { #expect(download.byteCount == Int64(bytes)) }
            #expect(try destination.contents() == [download.fileURL.lastPathComponent])
            switch Result(catching: { try UNNotificationAttachment(identifier: "media", url: download.fileURL, options: nil) }) {
            case .success:
                Issue.record("the body of \(download.byteCount) bytes was accepted as an attachment")
            case .failure(let error):
                #expect((error as? UNError)?.code == code, "\(error)")
            }
        default:
            let error = try #require(failure(result))
            switch fault.expected {
            case .httpStatus(let code):
                #expect(error == .httpStatus(code, url: url.absoluteString))
            case .cutShort(let atMost):
                #expect(error.isIncomplete || error.isConnection, "\(error)")
                #expect(error.bytesReceived <= Int64(atMost), "\(error)")
            case .tooManyRedirects:
                #expect(error == .tooManyRedirects(limit: 5, url: url.absoluteString))
                #expect(sent["/sample.gif"] == nil, "the file at the end of the chain was fetched: \(sent)")
            case .unsupportedScheme:
                #expect(error.isUnsupportedScheme, "\(error)")
            case .timedOut:
                #expect(error == .timedOut(seconds: fault.timeout, url: url.absoluteString))
                #expect(seconds < fault.timeout + 5, "took \(seconds) s")
            case .connection:
                #expect(error.isConnection, "\(error)")
            default:
                Issue.record("unhandled expectation")
            }
            #expect(!error.description.isEmpty && error.description.contains("127.0.0.1"), "\(error)")
            let left = try destination.contents()
            #expect(left.isEmpty, "left behind: \(left)")
        }
    }

    @Test("a stalled request holds its connection open, with no byte sent, until the server stops; stop() ends it")
    func stallHoldsTheConnection() async throws {
        let server = FixtureServer(root: URL(fileURLWithPath: repositoryPath("Fixtures/media")))
        let base = try await server.start()
        let port = try #require(base.port)
        let (bytes, closed, seconds) = try await onOwnThread { () throws -> (Int, Bool, Double) in
            let socket = try RawConnection(port: port)
            defer { socket.close() }
            socket.send("GET /sample.jpg?stall=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            // Nothing arrives within a second.
            let early = socket.receive(timeout: 1)
            // Then the server stops; the connection must end (EOF) soon after.
            let stopped = DispatchSemaphore(value: 0)
            let start = now()
            Task {
                await server.stop()
                stopped.signal()
            }
            let late = socket.receive(timeout: 10)
            stopped.wait()
            return (early.bytes + late.bytes, late.closed, now() - start)
        }
        #expect(bytes == 0, "the stalled request got \(bytes) bytes")
        #expect(closed, "the connection stayed open after stop()")
        #expect(seconds < 8, "stop() took \(seconds) s with a stalled connection")
        #expect(server.bytesSent().isEmpty)
    }

    @Test("stall=0 is no stall; a stall value other than 0 or 1 is a 400 naming the parameter")
    func stallParameter() async throws {
        let server = FixtureServer(root: URL(fileURLWithPath: repositoryPath("Fixtures/media")))
        let base = try await server.start()
        let destination = try Destination()
        defer { destination.remove() }
        let results = await downloader(into: destination).download(from: [
            URL(string: "\(base.absoluteString)/sample.jpg?stall=0")!,
            URL(string: "\(base.absoluteString)/sample.jpg?stall=yes")!,
        ])
        await server.stop()
        let download = try results[0].get()
        #expect(try Data(contentsOf: download.fileURL) == Media.data("sample.jpg"))
        #expect(try failure(results[1])?.httpStatusCode == 400)
    }
}

/// A plain TCP connection to 127.0.0.1, for requests the downloader would not send as they are.
final class RawConnection: @unchecked Sendable {
    private let descriptor: Int32

    init(port: Int) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
        descriptor = fd
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until `timeout` seconds pass or the peer closes; the bytes read and whether it closed.
    func receive(timeout: Double) -> (bytes: Int, closed: Bool) {
        let end = now() + timeout
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = end - now()
            guard left > 0 else { return (total, false) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(left * 1000)) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (total, true) }
            total += count
        }
    }

    func close() { Glibc.close(descriptor) }
}
