import FixtureServer
import Foundation
import Testing

@Suite("Lost connections")
struct LossTests {
    /// Whether each of `count` fresh connections (one after the other) was dropped.
    static func drops(port: Int, count: Int) async throws -> [Bool] {
        let responses = try await RawHTTP.onOwnThread {
            try (0..<count).map { _ in
                let connection = try RawConnection(port: port, timeout: 5)
                connection.sendRequest("/a.txt")
                return connection.readResponse()
            }
        }
        for response in responses {
            #expect(response.wasDropped || (response.status == 200 && response.text == "a"), "neither dropped nor answered")
        }
        return responses.map(\.wasDropped)
    }

    @Test("100% Loss drops every connection without an answer")
    func total() async throws {
        let folder = try TestFolder()
        try folder.write("a.txt", text: "a")
        try await withServer(folder, profile: try builtInProfile("100% Loss")) { server, port in
            let drops = try await Self.drops(port: port, count: 10)
            #expect(drops == Array(repeating: true, count: 10))
            #expect(server.bytesSent().isEmpty)
        }
    }

    @Test("a 50 % profile drops about half, the same seed the same ones")
    func half() async throws {
        let folder = try TestFolder()
        try folder.write("a.txt", text: "a")
        let half = NetworkProfile(name: "Half", downlinkKbps: nil, latencyMs: 0, lossPercent: 50)
        let first = try await withServer(folder, profile: half, seed: 42) { _, port in try await Self.drops(port: port, count: 40) }
        let again = try await withServer(folder, profile: half, seed: 42) { _, port in try await Self.drops(port: port, count: 40) }
        let other = try await withServer(folder, profile: half, seed: 43) { _, port in try await Self.drops(port: port, count: 40) }
        #expect(first == again)
        #expect(first != other)
        #expect((10...30).contains(first.filter { $0 }.count), "\(first.filter { $0 }.count) of 40 dropped")
    }
}
