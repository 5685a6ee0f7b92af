import FixtureServer
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Starting and stopping")
struct ServerLifecycleTests {
    @Test("a missing folder, or a file instead of one, is refused")
    func missingFolder() async throws {
        let folder = try TestFolder()
        let missing = folder.base.appendingPathComponent("nope")
        await #expect(throws: FixtureServerError.missingFolder(missing.path)) {
            try await FixtureServer(root: missing).start()
        }
        let file = try folder.write("a.txt", text: "a")
        await #expect(throws: FixtureServerError.missingFolder(file.path)) {
            try await FixtureServer(root: file).start()
        }
        #expect(FixtureServerError.missingFolder(missing.path).description == "\(missing.path): no such folder to serve")
    }

    @Test("a taken port is refused, naming the port and the reason")
    func takenPort() async throws {
        let folder = try TestFolder()
        try await withServer(folder) { _, port in
            do throws(FixtureServerError) {
                _ = try await FixtureServer(root: folder.root, port: port).start()
                Issue.record("a second server started on port \(port)")
            } catch {
                guard case .portUnavailable(let got, let reason) = error else {
                    Issue.record("got \(error)")
                    return
                }
                #expect(got == port)
                #expect(reason.contains("already in use"))
                #expect(error.description.contains("127.0.0.1 port \(port)"))
            }
        }
    }

    @Test("start gives http://127.0.0.1:PORT; it can be stopped, and started again")
    func lifecycle() async throws {
        let folder = try TestFolder()
        try folder.write("a.txt", text: "a")
        let server = FixtureServer(root: folder.root)
        #expect(server.baseURL == nil)
        let url = try await server.start()
        #expect(url.scheme == "http" && url.host == "127.0.0.1" && (url.port ?? 0) > 0)
        #expect(url.absoluteString == "http://127.0.0.1:\(url.port!)")
        #expect(server.baseURL == url)
        #expect(try await server.start() == url)  // already running
        #expect(try await RawHTTP.fetch(port: url.port!, "/a.txt").text == "a")
        await server.stop()
        #expect(server.baseURL == nil)
        // Refused (or, had a child process of a parallel test inherited the socket, unanswered).
        let afterStop = try? await RawHTTP.fetch(port: url.port!, "/a.txt")
        #expect(afterStop == nil || afterStop?.status == 0)
        await server.stop()  // twice is fine

        let again = try await server.start()
        #expect(try await RawHTTP.fetch(port: again.port!, "/a.txt").text == "a")
        await server.stop()
    }

    @Test("stop ends responses under way")
    func stopDuringResponse() async throws {
        let folder = try TestFolder()
        try folder.write("slow.bin", size: 100_000)
        let server = FixtureServer(root: folder.root, profile: try builtInProfile("Edge"))
        let port = try #require(try await server.start().port)
        async let response = RawHTTP.fetch(port: port, "/slow.bin")
        try await Task.sleep(for: .milliseconds(700))
        let started = ContinuousClock.now
        await server.stop()
        // A generous bound (a shared 2-core machine); what matters is below: the body is cut.
        #expect(ContinuousClock.now - started < .seconds(10))
        let cut = try await response
        #expect(cut.status == 200 && cut.body.count < 100_000 && cut.ending != .complete)
    }

    @Test("it listens on 127.0.0.1 only")
    func loopbackOnly() async throws {
        let folder = try TestFolder()
        try await withServer(folder) { _, port in
            // The listening socket of this port, in /proc/net/tcp: local address 0100007F (127.0.0.1).
            let table = try procFile("/proc/net/tcp")
            let portHex = String(format: "%04X", port)
            let listening = table.split(separator: "\n").filter { $0.contains(":\(portHex) ") && $0.contains(" 0A ") }
            #expect(!listening.isEmpty)
            #expect(listening.allSatisfy { $0.contains("0100007F:\(portHex)") }, "\(listening)")
            let ipv6 = (try? procFile("/proc/net/tcp6")) ?? ""
            #expect(!ipv6.split(separator: "\n").contains { $0.contains(":\(portHex) ") && $0.contains(" 0A ") })
        }
    }
}

/// A file of /proc read to its end (they claim a size of 0, and grow past one read).
private func procFile(_ path: String) throws -> String {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    var data = Data()
    while let chunk = try handle.read(upToCount: 65536), !chunk.isEmpty { data.append(chunk) }
    return String(decoding: data, as: UTF8.self)
}
