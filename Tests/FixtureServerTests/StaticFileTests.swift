import FixtureServer
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Serving files")
struct StaticFileTests {
    static let types: [(String, String)] = [
        ("jpg", "image/jpeg"), ("jpeg", "image/jpeg"), ("png", "image/png"), ("gif", "image/gif"),
        ("aif", "audio/aiff"), ("aiff", "audio/aiff"), ("wav", "audio/wav"), ("mp3", "audio/mpeg"), ("m4a", "audio/mp4"),
        ("mpg", "video/mpeg"), ("mpeg", "video/mpeg"), ("m2v", "video/mpeg"), ("mp2", "video/mpeg"), ("mp4", "video/mp4"),
        ("m4v", "video/x-m4v"), ("avi", "video/x-msvideo"), ("json", "application/json"),
        ("html", "text/html; charset=utf-8"), ("txt", "text/plain; charset=utf-8"), ("bin", "application/octet-stream"),
    ]

    @Test("each file comes with its Content-Type, Content-Length and exact bytes")
    func typesAndLengths() async throws {
        let folder = try TestFolder()
        for (index, (ext, _)) in Self.types.enumerated() {
            try folder.write("media/file.\(ext)", size: 1000 + index * 37)
        }
        try await withServer(folder) { _, port in
            for (index, (ext, type)) in Self.types.enumerated() {
                let response = try await RawHTTP.fetch(port: port, "/media/file.\(ext)")
                #expect(response.status == 200, "\(ext)")
                #expect(response[header: "Content-Type"] == type, "\(ext)")
                #expect(response[header: "Content-Length"] == String(1000 + index * 37), "\(ext)")
                #expect(Data(response.body) == TestFolder.pattern(1000 + index * 37), "\(ext)")
                #expect(response[header: "Accept-Ranges"] == "bytes")
            }
        }
    }

    @Test("the type comes from the name asked for, also through a link")
    func typeThroughLink() async throws {
        let folder = try TestFolder()
        try folder.write("store/blob", size: 64)
        try FileManager.default.createSymbolicLink(
            atPath: folder.root.appendingPathComponent("photo.jpg").path,
            withDestinationPath: "store/blob")
        try await withServer(folder) { _, port in
            let response = try await RawHTTP.fetch(port: port, "/photo.jpg")
            #expect(response.status == 200 && response[header: "Content-Type"] == "image/jpeg" && response.body.count == 64)
        }
    }

    @Test("a file larger than the read chunks streams whole")
    func largeFile() async throws {
        let folder = try TestFolder()
        try folder.write("big.bin", size: 3_000_001)
        try await withServer(folder) { server, port in
            let response = try await RawHTTP.fetch(port: port, "/big.bin")
            #expect(response.status == 200 && response.ending == .complete)
            #expect(Data(response.body) == TestFolder.pattern(3_000_001))
            #expect(await settledBytesSent(server, "/big.bin", expected: 3_000_001) == 3_000_001)
        }
    }

    @Test("HEAD gives the headers of GET and no body, and the connection stays usable")
    func head() async throws {
        let folder = try TestFolder()
        try folder.write("a.png", size: 5000)
        try await withServer(folder) { server, port in
            let (head, get) = try await RawHTTP.onOwnThread {
                let connection = try RawConnection(port: port)
                connection.sendRequest("/a.png", method: "HEAD")
                let head = connection.readResponse(isHead: true)
                connection.sendRequest("/a.png")
                return (head, connection.readResponse())
            }
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head[header: "Content-Length"] == "5000" && head[header: "Content-Type"] == "image/png")
            // Had HEAD sent a body, the GET would have read it as its status line.
            #expect(get.status == 200 && get.body.count == 5000)
            #expect(await settledBytesSent(server, "/a.png", expected: 5000) == 5000)
        }
    }

    @Test("missing files and folders are 404, other methods 405")
    func notFound() async throws {
        let folder = try TestFolder()
        try folder.write("sub/a.txt", text: "a")
        try await withServer(folder) { _, port in
            for target in ["/missing.jpg", "/sub", "/sub/", "/", "/sub/a.txt/more"] {
                let response = try await RawHTTP.fetch(port: port, target)
                #expect(response.status == 404, "\(target)")
                #expect(response[header: "Content-Type"] == "text/html; charset=utf-8")
                #expect(response.text.contains("404 Not Found"))
            }
            let post = try await RawHTTP.fetch(port: port, "/sub/a.txt", method: "POST", headers: ["Content-Length": "0"])
            #expect(post.status == 405 && post[header: "Allow"] == "GET, HEAD")
        }
    }

    @Test("keep-alive: several requests on one connection; Connection: close ends it")
    func keepAlive() async throws {
        let folder = try TestFolder()
        try folder.write("a.txt", text: "first")
        try folder.write("b.txt", text: "second")
        try await withServer(folder) { _, port in
            let (responses, closed) = try await RawHTTP.onOwnThread {
                let connection = try RawConnection(port: port)
                var responses: [RawResponse] = []
                for target in ["/a.txt", "/b.txt", "/missing", "/a.txt"] {
                    connection.sendRequest(target)
                    responses.append(connection.readResponse())
                }
                // Two requests at once (pipelined), the second asking to close.
                connection.send("GET /b.txt HTTP/1.1\r\nHost: x\r\n\r\nGET /a.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                responses.append(connection.readResponse())
                responses.append(connection.readResponse())
                let after = connection.readResponse()
                return (responses, after.status == 0 && connection.closedByPeer)
            }
            #expect(responses.map(\.status) == [200, 200, 404, 200, 200, 200])
            #expect(responses.map(\.text).filter { !$0.contains("html") } == ["first", "second", "first", "second", "first"])
            #expect(responses[5][header: "Connection"] == "close")
            #expect(closed)
        }
    }

    @Test("a real client: URLSession follows a redirect chain to the file")
    func urlSession() async throws {
        let folder = try TestFolder()
        try folder.write("photo.jpg", size: 20_000)
        try await withServer(folder) { server, port in
            let url = try #require(URL(string: "http://127.0.0.1:\(port)/photo.jpg?redirects=2"))
            let (data, response) = try await URLSession.shared.data(from: url)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(http.url?.absoluteString == "http://127.0.0.1:\(port)/photo.jpg")
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "image/jpeg")
            #expect(data == TestFolder.pattern(20_000))
            #expect(await settledBytesSent(server, "/photo.jpg", expected: 20_000) == 20_000)
        }
    }
}
