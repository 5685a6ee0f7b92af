import FixtureServer
import Foundation
import NSESimTestSupport
import Testing

@Suite("Faults on request")
struct FaultTests {
    @Test("status=CODE answers that status with a small HTML page, on any path")
    func status() async throws {
        let folder = try TestFolder()
        try folder.write("a.jpg", size: 100)
        try await withServer(folder) { _, port in
            for code in [500, 503, 404, 403, 429] {
                let response = try await RawHTTP.fetch(port: port, "/a.jpg?status=\(code)")
                #expect(response.status == code)
                #expect(response[header: "Content-Type"] == "text/html; charset=utf-8")
                #expect(response.text.contains("<h1>\(code) "))
                #expect(response[header: "Content-Length"] == String(response.body.count))
            }
            let missing = try await RawHTTP.fetch(port: port, "/no/such/file.png?status=502")
            #expect(missing.status == 502)
            let noContent = try await RawHTTP.fetch(port: port, "/a.jpg?status=204")
            #expect(noContent.status == 204 && noContent.body.isEmpty)
            let bad = try await RawHTTP.fetch(port: port, "/a.jpg?status=abc")
            #expect(bad.status == 400 && bad.text.contains("status must be a whole number"))
        }
    }

    @Test("reset-after=N: the full Content-Length, N bytes of body, then a TCP reset")
    func reset() async throws {
        let folder = try TestFolder()
        try folder.write("big.mp4", size: 200_000)
        try await withServer(folder) { server, port in
            for count in [0, 1000, 150_000] {
                let target = "/big.mp4?reset-after=\(count)"
                let response = try await RawHTTP.fetch(port: port, target)
                #expect(response.status == 200)
                #expect(response[header: "Content-Length"] == "200000")
                #expect(response.ending == .reset, "\(count)")
                #expect(response.body.count == count)
                #expect(Data(response.body) == TestFolder.pattern(200_000).prefix(count))
                #expect(server.bytesSent()[target, default: 0] == count)
            }
        }
    }

    @Test("length-delta=N: Content-Length off by N, the body unchanged, then the connection closes")
    func lengthDelta() async throws {
        let folder = try TestFolder()
        try folder.write("a.png", size: 4000)
        try await withServer(folder) { _, port in
            let longer = try await RawHTTP.fetch(port: port, "/a.png?length-delta=100")
            #expect(longer[header: "Content-Length"] == "4100")
            #expect(longer.ending == .closedEarly && longer.body.count == 4000)

            let shorter = try await RawHTTP.fetch(port: port, "/a.png?length-delta=-100", bodyMode: .untilClose)
            #expect(shorter[header: "Content-Length"] == "3900")
            #expect(shorter.body.count == 4000 && Data(shorter.body) == TestFolder.pattern(4000))
            #expect(shorter[header: "Connection"] == "close")
        }
    }

    @Test("drip=N sends N bytes per second")
    func drip() async throws {
        let folder = try TestFolder()
        try folder.write("a.txt", size: 3000)
        try await withServer(folder) { _, port in
            let response = try await RawHTTP.fetch(port: port, "/a.txt?drip=1500")
            #expect(response.status == 200 && response.body.count == 3000)
            #expect(abs(response.totalAfter - 2.0) <= 0.1, "took \(formatted(response.totalAfter)), expected 2 s ± 5 %")
            #expect(response.firstByteAfter < 0.1)
        }
    }

    @Test("redirects=N: a chain of N 302s ending at the same path without the parameter")
    func redirectChain() async throws {
        let folder = try TestFolder()
        try folder.write("f.gif", size: 300)
        try await withServer(folder) { _, port in
            let base = "http://127.0.0.1:\(port)"
            var target = "/f.gif?drip=100000&redirects=3"
            var locations: [String] = []
            for _ in 0..<3 {
                let response = try await RawHTTP.fetch(port: port, target)
                #expect(response.status == 302)
                let location = try #require(response[header: "Location"])
                locations.append(location)
                target = String(location.dropFirst(base.count))
            }
            #expect(
                locations == [
                    "\(base)/f.gif?drip=100000&redirects=2", "\(base)/f.gif?drip=100000&redirects=1",
                    "\(base)/f.gif?drip=100000",
                ])
            let final = try await RawHTTP.fetch(port: port, target)
            #expect(final.status == 200 && final.body.count == 300)

            // curl follows it too.
            let curl = try await Curl.run([
                "-sS", "-L", "-o", "/dev/null", "-w", "%{http_code} %{num_redirects} %{url_effective}",
                "\(base)/f.gif?redirects=4",
            ])
            #expect(curl.output == "200 4 \(base)/f.gif")
        }
    }

    @Test("redirect-to=URL: one 302 to any URL, file:// included")
    func redirectTo() async throws {
        let folder = try TestFolder()
        try folder.write("a.jpg", size: 10)
        try await withServer(folder) { _, port in
            let cases = [
                ("file:///etc/passwd", "file:///etc/passwd"),
                ("http%3A%2F%2Fexample.com%2Fimg.jpg%3Fa%3D1%26b%3D2", "http://example.com/img.jpg?a=1&b=2"),
                ("ftp://example.com/x.png", "ftp://example.com/x.png"),
            ]
            for (parameter, location) in cases {
                let response = try await RawHTTP.fetch(port: port, "/a.jpg?redirect-to=\(parameter)")
                #expect(response.status == 302)
                #expect(response[header: "Location"] == location)
            }
        }
    }

    @Test("a client that stops early: the server stops sending (bytesSent shows it)")
    func earlyStop() async throws {
        let folder = try TestFolder()
        try folder.write("big.bin", size: 1_000_000)
        try await withServer(folder, profile: try builtInProfile("DSL")) { server, port in
            let received = try await RawHTTP.onOwnThread {
                let connection = try RawConnection(port: port)
                connection.sendRequest("/big.bin")
                return connection.readResponse(stopAfter: 20_000).body.count
            }
            #expect(received == 20_000)
            try await Task.sleep(for: .milliseconds(300))
            let sent = server.bytesSent()["/big.bin", default: 0]
            try await Task.sleep(for: .milliseconds(200))
            #expect(sent < 200_000, "\(sent) bytes sent")
            #expect(server.bytesSent()["/big.bin", default: 0] == sent)
        }
    }

    @Test("faults combine with the profile: the latency comes first, then the fault")
    func combinedWithProfile() async throws {
        let folder = try TestFolder()
        try folder.write("a.m4a", size: 50_000)
        try await withServer(folder, profile: try builtInProfile("Edge")) { _, port in
            let reset = try await RawHTTP.fetch(port: port, "/a.m4a?reset-after=3000")
            #expect(reset.firstByteAfter >= 0.399, "first byte after \(formatted(reset.firstByteAfter))")
            #expect(reset.ending == .reset && reset.body.count == 3000)
            // Edge is 30,000 bytes/s: 3000 bytes take 0.1 s after the head.
            #expect(abs(reset.totalAfter - 0.5) < 0.1, "took \(formatted(reset.totalAfter))")

            let status = try await RawHTTP.fetch(port: port, "/a.m4a?status=500")
            #expect(status.status == 500 && status.firstByteAfter >= 0.399)
        }
    }
}

/// Runs the `curl` command and awaits it through its termination handler.
enum Curl {
    static func run(_ arguments: [String]) async throws -> (status: Int32?, output: String) {
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/curl"), arguments)
        #expect(await child.waitForExit(), "curl did not end")
        return (child.exitStatus, child.stdout)
    }
}
