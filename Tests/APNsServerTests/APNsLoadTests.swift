import APNsServer
import Foundation
import NSESimTestSupport
import Testing

/// Load: 1,000 pushes over one HTTP/2 connection with 50 streams in flight, each answered
/// and each accounted for (accepted, or refused with its reason). A bounded loop on 127.0.0.1.
@Suite struct APNsLoadTests {
    @Test func thousandPushesOverOneConnectionAreAllAccountedFor() async throws {
        let apns = try await LocalAPNs()
        defer { Task { await apns.server.stop() } }
        let scratch = LocalAPNs.folder.scratch("load")
        let payload = scratch.appendingPathComponent("payload.json")
        try Data(#"{"aps":{"alert":{"title":"Load"},"mutable-content":1}}"#.utf8).write(to: payload)
        var config = ""
        for index in 1...1000 {
            // Every 10th to a device the server does not know: 400 BadDeviceToken.
            let token = index % 10 == 0 ? String(repeating: "12", count: 32) : LocalAPNs.device
            config += "url = \"\(apns.server.url)/3/device/\(token)\"\noutput = \"/dev/null\"\n"
        }
        let urls = scratch.appendingPathComponent("urls.conf")
        try config.write(to: urls, atomically: true, encoding: .utf8)
        let result = try runTool([
            "curl", "--silent", "--show-error", "--no-progress-meter", "--http2", "--parallel", "--parallel-max", "50",
            "--cacert", LocalAPNs.certificates.authority.path,
            "-H", "authorization: bearer \(apns.jwt)", "-H", "apns-topic: \(LocalAPNs.bundle)",
            "--data-binary", "@" + payload.path, "-w", "%{http_code} %{num_connects}\n", "-K", urls.path,
        ])
        let answers = result.stdout.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(answers.count == 1000, "\(result.stderr)")
        #expect(answers.filter { $0.first == "200" }.count == 900)
        #expect(answers.filter { $0.first == "400" }.count == 100)
        #expect(answers.reduce(0) { $0 + (Int($1.last ?? "") ?? 0) } == 1, "one connection for all")
        let exchanges = apns.exchanges.withLockedValue { $0 }
        #expect(exchanges.count == 1000)
        let refused = exchanges.compactMap { exchange -> APNsReason? in
            if case .failure(let refusal) = exchange.result { return refusal.reason } else { return nil }
        }
        #expect(refused.count == 100 && refused.allSatisfy { $0 == .badDeviceToken })
        #expect(Set(exchanges.compactMap { try? $0.result.get().apnsID }).count == 900, "a distinct apns-id each")
    }
}
