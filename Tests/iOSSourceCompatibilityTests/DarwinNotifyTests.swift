import Dispatch
import Foundation
import Testing
import notify

/// Darwin notifications: delivered through the files nsesim keeps and inotify, within this
/// process and from another one (an extension run by nsesim that posts).
@Suite struct DarwinNotifyTests {
    /// Waits until `condition` holds, at most `seconds`.
    func wait(_ seconds: Double, until condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while !condition(), Date() < end { usleep(10_000) }
        return condition()
    }

    @Test("notify_register_dispatch gets this process's posts; notify_check answers once per post; the state is kept")
    func withinProcess() throws {
        let signal = NewDataSignal(name: "com.example.tests.\(UUID().uuidString)")
        let count = LockedCount()
        #expect(signal.observe(on: DispatchQueue(label: "observer")) { count.add() })
        var checkToken: Int32 = NOTIFY_TOKEN_INVALID
        #expect(notify_register_check(signal.name, &checkToken) == NOTIFY_STATUS_OK)
        var check: Int32 = 0
        #expect(notify_check(checkToken, &check) == NOTIFY_STATUS_OK)
        #expect(check == 1)  // the first check always answers 1
        #expect(notify_check(checkToken, &check) == NOTIFY_STATUS_OK)
        #expect(check == 0)
        #expect(signal.post())
        #expect(wait(5) { count.value == 1 })
        #expect(notify_check(checkToken, &check) == NOTIFY_STATUS_OK)
        #expect(check == 1)
        #expect(notify_set_state(checkToken, 42) == NOTIFY_STATUS_OK)
        var state: UInt64 = 0
        #expect(notify_get_state(checkToken, &state) == NOTIFY_STATUS_OK)
        #expect(state == 42)
        signal.stop()
        #expect(notify_cancel(checkToken) == NOTIFY_STATUS_OK)
        #expect(!notify_is_valid_token(checkToken))
        #expect(signal.post())
        usleep(200_000)
        #expect(count.value == 1, "a cancelled registration gets nothing")
    }

    @Test("Bad input: an empty name, an unknown token, a NULL out-parameter give notify's status codes")
    func badInput() {
        #expect(notify_post("") == NOTIFY_STATUS_INVALID_NAME)
        var token: Int32 = 0
        #expect(notify_register_check(nil, &token) == NOTIFY_STATUS_INVALID_NAME)
        #expect(notify_register_check("com.example.x", nil) == NOTIFY_STATUS_NULL_INPUT)
        #expect(notify_cancel(987_654) == NOTIFY_STATUS_INVALID_TOKEN)
        var check: Int32 = 0
        #expect(notify_check(987_654, &check) == NOTIFY_STATUS_INVALID_TOKEN)
        #expect(!notify_is_valid_token(NOTIFY_TOKEN_INVALID))
    }

    @Test("A post from another process: an extension run by nsesim posts, this process's handler runs")
    func acrossProcesses() throws {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let nsesim = [products, products.deletingLastPathComponent(), products.deletingLastPathComponent().deletingLastPathComponent()]
            .map { $0.appendingPathComponent("nsesim") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        let binary = try #require(nsesim, "nsesim is built beside the tests (swift build --build-tests)")
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let name = "com.example.tests.\(UUID().uuidString)"
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-notify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let payload = folder.appendingPathComponent("payload.json")
        try Data(#"{"aps": {"alert": {"title": "Anna", "body": "Hi"}, "mutable-content": 1}, "signal": "\#(name)"}"#.utf8).write(
            to: payload)

        let count = LockedCount()
        let signal = NewDataSignal(name: name)
        #expect(signal.observe(on: DispatchQueue(label: "observer")) { count.add() })
        defer { signal.stop() }
        let run = Process()
        run.executableURL = binary
        run.arguments = [
            "run", "--extension", repository.appendingPathComponent("Plugins-Examples/NewDataSignal").path, "--payload", payload.path,
            "--format", "json",
        ]
        let output = Pipe()
        run.standardOutput = output
        run.standardError = FileHandle.nullDevice
        try run.run()
        let report = output.fileHandleForReading.readDataToEndOfFile()
        run.waitUntilExit()
        #expect(run.terminationStatus == 0, "\(String(decoding: report, as: UTF8.self))")
        #expect(wait(10) { count.value >= 1 }, "the post of the other process reached this one")
        let json = try JSONSerialization.jsonObject(with: report) as? [String: Any]
        let posts = (json?["notify"] as? [[String: Any]])?.filter { $0["api"] as? String == "notify_post" }
        #expect(posts?.first?["name"] as? String == name)
    }
}

/// A counter the observer's queue and the test share.
final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func add() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}
