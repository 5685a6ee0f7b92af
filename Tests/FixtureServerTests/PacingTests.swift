import FixtureServer
import Foundation
import Testing

/// The network profiles applied on the server's side, timed on a real socket. Each test
/// takes seconds; they run in parallel with the rest.
@Suite("Pacing under network profiles")
struct PacingTests {
    /// Fetches `size` bytes under `profile` and checks the time against `latency + size/rate`
    /// (the rate part within 5 %).
    private func timedDownload(profile name: String, size: Int) async throws {
        let profile = try builtInProfile(name)
        let folder = try TestFolder()
        try folder.write("payload.bin", size: size)
        let rate = try #require(profile.bytesPerSecond)
        let transfer = Double(size) / rate
        let expected = profile.firstByteDelay + transfer
        try await withServer(folder, profile: profile) { server, port in
            let response = try await RawHTTP.fetch(port: port, "/payload.bin")
            #expect(response.status == 200 && response.body.count == size && response.ending == .complete)
            #expect(Data(response.body) == TestFolder.pattern(size))
            let error = response.totalAfter - expected
            print(
                "pacing: \(size) bytes under \(name) took \(formatted(response.totalAfter)), expected \(formatted(expected)); "
                    + String(format: "error %+.1f ms (%+.2f %% of the transfer time)", error * 1000, error / transfer * 100))
            #expect(
                abs(error) <= transfer * 0.05,
                "took \(formatted(response.totalAfter)), expected \(formatted(expected)) ± 5 %")
            #expect(response.firstByteAfter >= profile.firstByteDelay - 0.001)
            #expect(await settledBytesSent(server, "/payload.bin", expected: size) == size)
        }
    }

    @Test("1,000,000 bytes under DSL (2000 kbit/s, 5 ms) arrive in 4.0 s ± 5 % plus the latency")
    func dsl() async throws {
        try await timedDownload(profile: "DSL", size: 1_000_000)
    }

    @Test("256 KB under 3G (780 kbit/s, 100 ms) arrive in their computed time ± 5 % plus the latency")
    func threeG() async throws {
        try await timedDownload(profile: "3G", size: 256 * 1024)
    }

    @Test("Edge waits about 400 ms before the first byte of each response, kept-alive ones too")
    func edgeLatency() async throws {
        let folder = try TestFolder()
        try folder.write("tiny.txt", text: "x")
        try await withServer(folder, profile: try builtInProfile("Edge")) { _, port in
            let responses = try await RawHTTP.onOwnThread {
                let connection = try RawConnection(port: port)
                return (0..<2).map { _ in
                    connection.sendRequest("/tiny.txt")
                    return connection.readResponse()
                }
            }
            for response in responses {
                print("pacing: first byte under Edge after \(formatted(response.firstByteAfter)) (expected 0.400 s)")
                #expect(response.status == 200)
                #expect(
                    response.firstByteAfter >= 0.399 && response.firstByteAfter < 0.5,
                    "first byte after \(formatted(response.firstByteAfter))")
            }
        }
    }

    @Test("High Latency DNS: about 3 s before the first byte, then at full speed")
    func highLatencyDNS() async throws {
        let folder = try TestFolder()
        try folder.write("a.jpg", size: 500_000)
        try await withServer(folder, profile: try builtInProfile("High Latency DNS")) { _, port in
            let response = try await RawHTTP.fetch(port: port, "/a.jpg")
            print("pacing: first byte under High Latency DNS after \(formatted(response.firstByteAfter)) (expected 3.000 s)")
            #expect(response.status == 200 && response.body.count == 500_000)
            #expect(
                response.firstByteAfter >= 2.999 && response.firstByteAfter < 3.2,
                "first byte after \(formatted(response.firstByteAfter))")
            #expect(response.totalAfter - response.firstByteAfter < 0.5)
        }
    }
}
