import Foundation
import NSESimRuntime
import Testing

/// The notification center's database under several `nsesim` processes at once and under
/// SIGKILL at any moment (docs/RELIABILITY.md): each change is one transaction, so a change is
/// there whole or not at all, and nothing another process finished is lost.
@Suite("Center database under processes and kills")
struct CenterDatabaseProcessTests {
    /// A data folder of its own (`NSESIM_DATA_DIR`), its request files, and the environment.
    final class Scene: @unchecked Sendable {
        let folder: URL
        let environment: [String: String]
        let app = "com.example.centerdb"

        init(_ label: String) throws {
            folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
                "nsesim-centerdb-\(label)-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            environment = [
                NSESimEnvironment.dataDirectory.name: folder.appendingPathComponent("data").path,
                NSESimEnvironment.cacheDirectory.name: folder.appendingPathComponent("cache").path,
            ]
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        /// A request file of `count` requests `PREFIX-0…`, each delivered at the next `advance`.
        func requests(_ prefix: String, count: Int) throws -> String {
            let items = (0..<count).map { index in
                #"{"identifier": "\#(prefix)-\#(index)", "content": {"title": "\#(prefix) \#(index)", "body": "b"}, "trigger": null}"#
            }
            let file = folder.appendingPathComponent("\(prefix).json")
            try Data("[\(items.joined(separator: ","))]".utf8).write(to: file)
            return file.path
        }

        func nsesim(_ arguments: [String]) async throws -> CLIResult {
            try await NSESimCommand.run(arguments + ["--app-id", app], environment: environment)
        }

        /// The center as `center ls --format json` gives it.
        func center() async throws -> (delivered: [String], pending: [String]) {
            let result = try await nsesim(["center", "ls", "--format", "json"])
            #expect(result.status == 0, "\(result)")
            let object = try result.jsonObject()
            let ids = { (key: String) in ((object[key] as? [[String: Any]]) ?? []).compactMap { $0["identifier"] as? String } }
            return (ids("delivered"), ids("pending"))
        }
    }

    @Test("6 `nsesim schedule` at once, then advances: every request scheduled and delivered")
    func concurrentWriters() async throws {
        let scene = try Scene("concurrent")
        let files = try (0..<6).map { try scene.requests("w\($0)", count: 8) }
        let results = try await withThrowingTaskGroup(of: CLIResult.self) { group in
            for file in files { group.addTask { try await scene.nsesim(["schedule", file]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results { #expect(result.status == 0, "\(result)") }
        #expect(try await scene.center().pending.count == 48)
        let advance = try await scene.nsesim(["center", "advance", "1s"])
        #expect(advance.status == 0, "\(advance)")
        let center = try await scene.center()
        #expect(center.pending.isEmpty)
        #expect(Set(center.delivered) == Set((0..<6).flatMap { writer in (0..<8).map { "w\(writer)-\($0)" } }))
    }

    @Test("SIGKILL of `nsesim schedule` at any moment: each file's requests are all there or none; finished ones all")
    func killedWriters() async throws {
        let scene = try Scene("kills")
        var expected: Set<String> = []
        var killedSome = 0
        // How long one writer lives on this machine, so that the kills land within a life (on a
        // quiet machine a writer ended before a fixed 250 ms and no kill landed at all).
        let timing = ContinuousClock.now
        let warmUp = try await scene.nsesim(["schedule", try scene.requests("warm-up", count: 5), "--app-id", scene.app])
        #expect(warmUp.status == 0, "\(warmUp)")
        expected.formUnion((0..<5).map { "warm-up-\($0)" })
        let lifetime = max(1, Int((ContinuousClock.now - timing) / .milliseconds(1)))
        for round in 0..<10 {
            var children: [(prefix: String, child: ChildProcess)] = []
            for writer in 0..<2 {
                let prefix = "r\(round)w\(writer)"
                let file = try scene.requests(prefix, count: 5)
                children.append(
                    (prefix, try ChildProcess.nsesim(["schedule", file, "--app-id", scene.app], environment: scene.environment)))
            }
            // One writer killed at a random moment of its life (start-up, the read, the transaction, the print).
            // Round 0 kills at once (a kill that surely lands, at start-up).
            if round > 0 { try await Task.sleep(for: .milliseconds(Int.random(in: 0...lifetime))) }
            children[round % 2].child.send(SIGKILL)
            for (_, child) in children { _ = await child.waitForExit(limit: .seconds(60)) }
            let pending = Set(try await scene.center().pending)
            for (prefix, child) in children {
                let mine = Set((0..<5).map { "\(prefix)-\($0)" })
                let present = mine.intersection(pending)
                #expect(present.isEmpty || present == mine, "round \(round): \(prefix) half there: \(present.sorted())")
                if child.exitStatus == 0 { #expect(present == mine, "round \(round): \(prefix) finished but missing") }
                if child.exitStatus == nil { killedSome += 1 }
                expected.formUnion(present)
            }
            // Move them into the delivered list (another write), so pending stays under 64.
            let advance = try await scene.nsesim(["center", "advance", "1s"])
            #expect(advance.status == 0, "\(advance)")
        }
        let center = try await scene.center()
        #expect(Set(center.delivered) == expected)
        #expect(killedSome > 0)
        let database = scene.folder.appendingPathComponent("data/apps/\(scene.app)/app.sqlite").path
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") {
            let check = try runTool(["sqlite3", database, "PRAGMA integrity_check"])
            #expect(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "ok", "\(check)")
        }
    }

    @Test("A damaged database: `center ls` exits 65 naming the file and the fix; `center reset` moves it aside")
    func damagedDatabase() async throws {
        let scene = try Scene("damaged")
        let appFolder = scene.folder.appendingPathComponent("data/apps/\(scene.app)")
        try FileManager.default.createDirectory(at: appFolder, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 8192).write(to: appFolder.appendingPathComponent("app.sqlite"))
        let listed = try await scene.nsesim(["center", "ls"])
        #expect(listed.status == 65, "\(listed)")
        #expect(
            listed.stderr.contains("app.sqlite") && listed.stderr.contains("damaged") && listed.stderr.contains("nsesim center reset"),
            "\(listed)")
        let reset = try await scene.nsesim(["center", "reset"])
        #expect(reset.status == 0, "\(reset)")
        #expect(FileManager.default.fileExists(atPath: appFolder.appendingPathComponent("app.sqlite.damaged").path))
        #expect(try await scene.nsesim(["center", "ls"]).status == 0)
    }
}
