import FixtureServer
import Foundation
import NSESimTestSupport
import Testing

/// The real `nsesim serve` executable (built beside the test binary).
@Suite("nsesim serve")
struct ServeCommandTests {
    @Test("prints where it serves, serves, and stops cleanly on SIGTERM and SIGINT")
    func servesUntilSignal() async throws {
        let folder = try TestFolder()
        try folder.write("a.txt", text: "a")
        for signal in [SIGTERM, SIGINT] {
            let serve = try await ServeProcess([folder.root.path, "--network", "wifi"])
            #expect(serve.line == "Serving \(folder.root.path) at http://127.0.0.1:\(serve.port) (network: WiFi)")
            let response = try await RawHTTP.fetch(port: serve.port, "/a.txt")
            #expect(response.status == 200 && response.text == "a")
            let status = await serve.stop(with: signal)
            #expect(status == 0, "signal \(signal):\n\(serve.child.summary)")
        }
    }

    @Test("a 50 % profile from --profiles drops about half of 40 connections, the same seed the same ones")
    func lossFromProfilesFile() async throws {
        let folder = try TestFolder()
        try folder.write("a.txt", text: "a")
        let profiles = folder.outside.appendingPathComponent("profiles.json")
        try Data(#"{"profiles": [{"name": "Coin Flip", "downlinkKbps": null, "latencyMs": 0, "lossPercent": 50}]}"#.utf8)
            .write(to: profiles)
        var runs: [[Bool]] = []
        for _ in 0..<2 {
            let serve = try await ServeProcess([folder.root.path, "--profiles", profiles.path, "--network", "coin flip", "--seed", "7"])
            #expect(serve.line.hasSuffix("(network: Coin Flip)"))
            runs.append(try await LossTests.drops(port: serve.port, count: 40))
            #expect(await serve.stop() == 0)
        }
        let dropped = runs[0].filter { $0 }.count
        print("loss: nsesim serve with a 50 % profile, seed 7: \(dropped) of 40 connections dropped")
        #expect(runs[0] == runs[1])
        #expect((10...30).contains(dropped), "\(dropped) of 40 dropped")
    }

    @Test("a missing folder exits 66 with a clear message")
    func missingFolder() async throws {
        let result = try await ChildProcess.runNSESim(["serve", "/nonexistent/fixtures"])
        #expect(result.exitStatus == 66, "\(result.summary)")
        #expect(result.stderr.contains("/nonexistent/fixtures: no such folder to serve"), "\(result.summary)")
        #expect(result.stdout.isEmpty)
    }

    @Test("a taken port exits 70 naming the port and the reason")
    func takenPort() async throws {
        let folder = try TestFolder()
        try await withServer(folder) { _, port in
            let result = try await ChildProcess.runNSESim(["serve", folder.root.path, "--port", String(port)])
            #expect(result.exitStatus == 70, "\(result.summary)")
            #expect(result.stderr.contains("port \(port)") && result.stderr.contains("already in use"), "\(result.summary)")
        }
    }

    @Test("an unknown profile exits 64 listing the known names")
    func unknownProfile() async throws {
        let folder = try TestFolder()
        let result = try await ChildProcess.runNSESim(["serve", folder.root.path, "--network", "5G"])
        #expect(result.exitStatus == 64, "\(result.summary)")
        #expect(result.stderr.contains("unknown network profile \"5G\""), "\(result.summary)")
        #expect(
            result.stderr.contains("100% Loss, 3G, DSL, Edge, LTE, Very Bad Network, WiFi, High Latency DNS"),
            "\(result.summary)")
    }

    @Test("a bad profiles file exits 65, a missing one 66, a bad port 64")
    func badArguments() async throws {
        let folder = try TestFolder()
        let bad = folder.outside.appendingPathComponent("bad.json")
        try Data(#"{"profiles": [{"name": "X", "lossPercent": 101}]}"#.utf8).write(to: bad)
        let badFile = try await ChildProcess.runNSESim(["serve", folder.root.path, "--profiles", bad.path, "--network", "X"])
        #expect(badFile.exitStatus == 65 && badFile.stderr.contains("lossPercent"), "\(badFile.summary)")
        let missing = try await ChildProcess.runNSESim(["serve", folder.root.path, "--profiles", "/nonexistent.json"])
        #expect(missing.exitStatus == 66 && missing.stderr.contains("/nonexistent.json"), "\(missing.summary)")
        let port = try await ChildProcess.runNSESim(["serve", folder.root.path, "--port", "70000"])
        #expect(port.exitStatus == 64, "\(port.summary)")
    }
}
