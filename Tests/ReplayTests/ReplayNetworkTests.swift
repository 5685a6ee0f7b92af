import Foundation
import Testing

extension ReplayCommandTests {
    /// The fixture servers replay starts itself: one per network profile, `{{server}}` in
    /// payloads, `--profiles`.
    @Suite("fixture servers")
    struct FixtureServers {
        /// Fixtures/cases/kinds/jpg (Downloader fetching {{server}}/sample.jpg, one 1397-byte
        /// JPEG expected) with the extension path made absolute and `options` set.
        func jpgCase(options: [String: Any], expect: [String: Any]? = nil) throws -> [String: Any] {
            var object = try readCase(repositoryPath("Fixtures/cases/kinds/jpg.json"))
            object["extension"] = repositoryPath("Plugins-Examples/Downloader")
            object["options"] = options
            if let expect { object["expect"] = expect }
            return object
        }

        @Test("cases that start together share their network's server (it stays up for all of them)")
        func concurrentCasesShareTheServer() async throws {
            // Regression: two cases asking for a network's server while it started got two
            // servers; the first, replaced and released, closed under its case's download.
            let folder = ReplayRun.scratch("same-network")
            for index in 1...4 {
                try writeCase(
                    try jpgCase(options: ["network": "WiFi", "deadline": 10]),
                    to: folder.appendingPathComponent("wifi-\(index).json"))
                try writeCase(try jpgCase(options: ["deadline": 10]), to: folder.appendingPathComponent("plain-\(index).json"))
            }
            let result = try await replay([folder.path, "--serve", repositoryPath("Fixtures/media"), "--jobs", "4", "--format", "json"])
            #expect(result.status == 0, "\(result)")
            let report = try result.replayReport()
            #expect(report.passed == 8, "\(result.stdout)")
            #expect(report.failed == 0)
        }

        @Test("--profiles adds a profile that a case's network names; an unknown network is an error of that case")
        func customProfile() async throws {
            let folder = ReplayRun.scratch("profiles")
            let profiles = folder.appendingPathComponent("profiles.json")
            try Data(#"{"profiles": [{"name": "Pigeon", "downlinkKbps": null, "latencyMs": 700, "lossPercent": 0}]}"#.utf8)
                .write(to: profiles)
            let cases = folder.appendingPathComponent("cases")
            // 700 ms before the first byte: past a 0.3 s deadline (best-attempt, no image), well within 5 s.
            try writeCase(
                try jpgCase(
                    options: ["network": "Pigeon", "deadline": 0.3, "grace": 2],
                    expect: ["outcome": "best-attempt", "attachments": ["count": 0]]),
                to: cases.appendingPathComponent("pigeon-short.json"))
            try writeCase(
                try jpgCase(
                    options: ["network": "pigeon", "deadline": 5],
                    expect: ["outcome": "modified", "attachments": [["type": "public.jpeg", "size": 1397]]]),
                to: cases.appendingPathComponent("pigeon-long.json"))
            try writeCase(try jpgCase(options: ["network": "Carrier Owl"]), to: cases.appendingPathComponent("unknown.json"))
            let result = try await replay([
                cases.path, "--serve", repositoryPath("Fixtures/media"),
                "--profiles", profiles.path, "--format", "json",
            ])
            #expect(result.status == 1, "\(result)")
            let report = try result.replayReport()
            #expect(report["pigeon-short"]?.passed == true, "\(result.stdout)")
            #expect(report["pigeon-short"]?.outcome == "best-attempt")
            #expect(report["pigeon-long"]?.passed == true, "\(result.stdout)")
            #expect(report["pigeon-long"]?.outcome == "modified")
            let unknown = try #require(report["unknown"])
            #expect(!unknown.passed)
            #expect(unknown.error?.contains("Carrier Owl") == true, "\(unknown)")
            #expect(report.passed == 2 && report.failed == 1)
        }
    }
}
