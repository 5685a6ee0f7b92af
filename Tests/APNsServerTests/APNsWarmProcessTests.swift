import Foundation
import NSESimTestSupport
import Testing

/// `nsesim apns` and warm processes: pushes keep coming, so a process for each
/// push that may run at once (`--concurrent-deliveries`) waits, loaded, from the server's
/// start; when the server stops (SIGINT, SIGTERM) the processes no push took are ended: no
/// process of the extension and no container left.
@Suite(.serialized) struct APNsWarmProcessTests {
    static let folder = TestRunFolder(prefix: "nsesim-apns-warm")

    @Test(arguments: [SIGINT, SIGTERM])
    func waitingProcessEndedWhenTheServerStops(_ signal: Int32) async throws {
        let marker = "NSESIM_APNS_WARM_TEST=\(UUID().uuidString)"
        let temporary = Self.folder.scratch("tmp")
        var environment = Self.folder.environment
        environment["TMPDIR"] = temporary.path
        environment["NSESIM_APNS_WARM_TEST"] = String(marker.split(separator: "=")[1])
        let child = try ChildProcess.nsesim(
            [
                "apns", "--extension", repositoryPath("Plugins-Examples/Template"), "--port", "0",
                "--bundle-id", "com.example.apnswarm", "--concurrent-deliveries", "2",
            ],
            environment: environment)
        defer { child.send(SIGKILL) }
        guard try await child.firstLine(limit: .seconds(300)) != nil else {
            Issue.record("nsesim apns printed no address:\n\(child.summary)")
            return
        }
        // The first two pushes' processes are started when the server starts (two run at once).
        var waiting: [Int32] = []
        for _ in 0..<500 where waiting.count < 2 {
            waiting = Self.processes(with: marker)
            if waiting.count < 2 { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(waiting.count == 2, "not one extension process waiting for each of the first two pushes: \(waiting)")
        #expect(Self.containers(in: temporary).count == 2)

        child.send(signal)
        #expect(await child.waitForExit(limit: .seconds(60)))
        #expect(child.exitStatus == 0, "\(child.summary)")
        #expect(child.stdout.contains("Stopped: 0 delivered"), "\(child.summary)")
        #expect(Self.processes(with: marker).isEmpty, "extension processes left: \(Self.processes(with: marker))")
        #expect(Self.containers(in: temporary).isEmpty, "containers left: \(Self.containers(in: temporary))")
    }

    /// Live extension processes (not nsesim itself, nor its extension zygote) whose environment
    /// holds `entry`.
    static func processes(with entry: String) -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).filter { pid in
            guard pid != getpid(),
                let name = FileManager.default.contents(atPath: "/proc/\(pid)/comm"),
                String(decoding: name, as: UTF8.self).hasPrefix("nsesim-extensio"),
                let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                !command.split(separator: 0).contains(where: { String(decoding: $0, as: UTF8.self) == "--zygote" }),
                let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ")
            else { return false }
            return data.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == entry }
        }
    }

    static func containers(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("nsesim-container-") }
    }
}
