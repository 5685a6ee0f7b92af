import FixtureServer
import Foundation
import Testing

@Suite("Network profiles")
struct NetworkProfilesTests {
    @Test("the built-in profiles are the documented ones, with their values")
    func builtIn() throws {
        let profiles = try NetworkProfiles.load()
        #expect(profiles.map(\.name) == ["100% Loss", "3G", "DSL", "Edge", "LTE", "Very Bad Network", "WiFi", "High Latency DNS"])
        let threeG = try NetworkProfiles.named("3G", in: profiles)
        #expect(threeG.downlinkKbps == 780 && threeG.latencyMs == 100 && threeG.lossPercent == 0)
        #expect(try NetworkProfiles.named("DSL", in: profiles).bytesPerSecond == 250_000)
        #expect(try NetworkProfiles.named("Very Bad Network", in: profiles).lossPercent == 10)
        #expect(try NetworkProfiles.named("100% Loss", in: profiles).lossPercent == 100)
        let dns = try NetworkProfiles.named("High Latency DNS", in: profiles)
        #expect(dns.firstByteDelay == 3 && dns.bytesPerSecond == nil)
    }

    @Test("names match without regard to case; an unknown one lists the known names")
    func naming() throws {
        let profiles = try NetworkProfiles.load()
        #expect(try NetworkProfiles.named("edge", in: profiles).name == "Edge")
        #expect(try NetworkProfiles.named("very bad network", in: profiles).name == "Very Bad Network")
        #expect(throws: FixtureServerError.unknownProfile("5G", profiles.map(\.name))) {
            try NetworkProfiles.named("5G", in: profiles)
        }
        let message = FixtureServerError.unknownProfile("5G", profiles.map(\.name)).description
        #expect(message.contains("\"5G\"") && message.contains("3G, DSL, Edge"))
    }

    @Test("a user's file overrides a built-in profile by name and adds its own")
    func userFile() throws {
        let folder = try TestFolder()
        let file = folder.outside.appendingPathComponent("profiles.json")
        try Data(
            """
            {"profiles": [
              {"name": "dsl", "downlinkKbps": 500, "latencyMs": 50},
              {"name": "Half", "lossPercent": 50}
            ]}
            """.utf8
        ).write(to: file)
        let profiles = try NetworkProfiles.load(from: file)
        #expect(profiles.count == 9)
        let dsl = try NetworkProfiles.named("DSL", in: profiles)
        #expect(dsl.downlinkKbps == 500 && dsl.latencyMs == 50 && dsl.lossPercent == 0)
        #expect(profiles.filter { $0.name.lowercased() == "dsl" }.count == 1)
        let half = try NetworkProfiles.named("half", in: profiles)
        #expect(half == NetworkProfile(name: "Half", downlinkKbps: nil, latencyMs: 0, lossPercent: 50))
        // The others stay as built in.
        #expect(try NetworkProfiles.named("3G", in: profiles).downlinkKbps == 780)
    }

    @Test("a file holding just the array of profiles works too")
    func arrayFile() throws {
        let folder = try TestFolder()
        let file = folder.outside.appendingPathComponent("profiles.json")
        try Data(#"[{"name": "Satellite", "downlinkKbps": 1000, "latencyMs": 600, "firstByteDelayMs": 100}]"#.utf8).write(to: file)
        let satellite = try NetworkProfiles.named("Satellite", in: NetworkProfiles.load(from: file))
        #expect(satellite.firstByteDelay == 0.7)
    }

    @Test(
        "bad files give the file and the reason",
        arguments: [
            (#"{"profiles": [{"name": "X", "lossPercent": 150}]}"#, "lossPercent must be between 0 and 100"),
            (#"{"profiles": [{"name": "X", "downlinkKbps": 0}]}"#, "downlinkKbps must be above 0"),
            (#"{"profiles": [{"name": "X", "latencyMs": -5}]}"#, "latencyMs must be 0 or more"),
            (#"{"profiles": [{"latencyMs": 5}]}"#, "profiles[0].name is missing"),
            (#"{"profiles": [{"name": "A"}, {"name": "a"}]}"#, "used twice"),
            (#"{"profiles": "#, "not valid JSON"),
        ])
    func badFile(json: String, reason: String) throws {
        let folder = try TestFolder()
        let file = folder.outside.appendingPathComponent("profiles.json")
        try Data(json.utf8).write(to: file)
        do throws(FixtureServerError) {
            _ = try NetworkProfiles.load(from: file)
            Issue.record("\(json) was accepted")
        } catch {
            guard case .badProfiles(let path, let got) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(path == file.path)
            #expect(got.contains(reason), "\(got)")
        }
    }

    @Test("a missing file is named")
    func missingFile() {
        let file = URL(fileURLWithPath: "/nonexistent/profiles.json")
        #expect(throws: FixtureServerError.badProfiles(file.path, "no such file")) {
            try NetworkProfiles.load(from: file)
        }
    }
}
