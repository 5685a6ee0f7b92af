import Foundation
import Testing

/// `nsesim schedule`, `center advance|move|ls|show|rm|reset`, `center --render`: the real
/// executable on real center and store files.
@Suite("nsesim center")
struct CenterCommandTests {
    static let run = TestRunFolder(prefix: "nsesim-center-tests")

    func nsesimIn(_ arguments: [String]) async throws -> CLIResult {
        try await NSESimCommand.run(arguments, environment: Self.run.environment)
    }

    @Test("schedule, advance 1w from a Berlin Monday, move: calendar, repeating interval, region; attachments enter the store")
    func timeline() async throws {
        let app = ["--app-id", "com.example.timeline", "--store", Self.run.scratch("store-timeline").path]
        _ = try await nsesimIn(["center", "reset"] + app)
        // The clock starts with the first advance: put it at Sunday 22 March 2026, 12:00 UTC.
        var result = try await nsesimIn(["center", "advance", "--until", "2026-03-22T12:00:00Z"] + app)
        #expect(result.status == 0, "\(result)")
        result = try await nsesimIn(["schedule", fixture("Fixtures/center/standup.json")] + app)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("scheduled standup-mon: next 2026-03-23T07:30:00Z"), "\(result)")
        result = try await nsesimIn(["center", "advance", "3h", "--format", "json"] + app)
        let fired = try result.jsonObject()["fired"] as? [[String: Any]] ?? []
        #expect(fired.map { $0["identifier"] as? String } == ["water", "water", "water"], "\(result)")
        result = try await nsesimIn(["center", "advance", "1d"] + app)
        #expect(result.stdout.contains("local notifications do not run the service extension"))
        #expect(result.stdout.contains("standup-mon"), "\(result)")
        // The lock screen: the HTML holds the groups and the thumbnail; Chromium draws the PNG at the iPhone's size.
        let folder = Self.run.scratch("render")
        result = try await nsesimIn(["center", "--render", folder.appendingPathComponent("lock.html").path] + app)
        #expect(result.status == 0, "\(result)")
        let html = try String(contentsOf: folder.appendingPathComponent("lock.html"), encoding: .utf8)
        #expect(html.contains("data-thread=\"work\"") && html.contains("data-thread=\"\""))
        #expect(html.contains("data:image/jpeg;base64,") && html.contains("class=\"badge\">3<"))
        let png = folder.appendingPathComponent("lock.png")
        result = try await nsesimIn(["center", "--render", png.path] + app)
        #expect(result.status == 0, "\(result)")
        let header = try Data(contentsOf: png).prefix(24)
        #expect(header.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let width = header[16..<20].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let height = header[20..<24].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        #expect(width == 393 && height == 852)
        result = try await nsesimIn(["center", "move", "48.8585,2.2950"] + app)
        #expect(result.stdout.contains("office") && result.stdout.contains("entry"), "\(result)")
        result = try await nsesimIn(["center", "ls"] + app)
        #expect(result.stdout.contains("thread work"), "\(result)")
        #expect(result.stdout.contains("Badge     3"), "\(result)")
        result = try await nsesimIn(["center", "show", "water"] + app)
        #expect(result.stdout.contains("storedFiles") && result.stdout.contains(".jpg"), "\(result)")
        // Removing it deletes its stored file.
        let stored = try #require(result.stdout.split(separator: "\"").first { $0.hasSuffix(".jpg") && $0.contains("/files/") })
        #expect(FileManager.default.fileExists(atPath: String(stored)))
        result = try await nsesimIn(["center", "rm", "water"] + app)
        #expect(result.status == 0, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: String(stored)))
    }

    @Test("Bad input: a 30 s repeating interval, a broken file, a missing file, 2x, a bad position, an unknown id")
    func badInput() async throws {
        let app = ["--app-id", "com.example.bad"]
        var result = try await nsesimIn(["schedule", fixture("Fixtures/center/bad-repeat.json")] + app)
        #expect(result.status == 65 && result.stderr.contains("time interval must be at least 60 if repeating"), "\(result)")
        let broken = Self.run.scratch("broken").appendingPathComponent("request.json")
        try Data("{\"identifier\": ".utf8).write(to: broken)
        result = try await nsesimIn(["schedule", broken.path] + app)
        #expect(result.status == 65 && result.stderr.contains("request.json"), "\(result)")
        result = try await nsesimIn(["schedule", "/nonexistent/request.json"] + app)
        #expect(result.status == 66, "\(result)")
        result = try await nsesimIn(["center", "advance", "2x"] + app)
        #expect(result.status == 64 && result.stderr.contains("2x"), "\(result)")
        result = try await nsesimIn(["center", "move", "100,2"] + app)
        #expect(result.status == 64 && result.stderr.contains("LAT,LON"), "\(result)")
        result = try await nsesimIn(["center", "rm", "nope"] + app)
        #expect(result.status == 66 && result.stderr.contains("nope"), "\(result)")
        result = try await nsesimIn(["center", "show", "nope"] + app)
        #expect(result.status == 66, "\(result)")
    }
}
