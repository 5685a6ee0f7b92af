import Foundation
import NSESimTestSupport
import Testing

/// `nsesim apns` end to end: a provider (curl --http2, and aioapns from PyPI) pushes to the
/// local APNs, each accepted push runs through the Template extension into the app's
/// center, `nsesim center ls` shows it, the log has a line per push.
@Suite(.serialized) struct APNsCommandTests {
    static let folder = TestRunFolder(prefix: "nsesim-apns-command")
    static let bundle = "com.example.apnstest"
    static let device = String(repeating: "a1", count: 32)
    static let removed = String(repeating: "b2", count: 32)

    /// The running `nsesim apns`, its port and CA read from its first line.
    struct Running {
        let child: ChildProcess
        let port: Int
        let authority: String
    }

    /// Stops the server with SIGTERM (it must exit 0 with the summary line `stopped` last);
    /// its lines.
    func stop(_ running: Running, expecting stopped: String) async -> [Substring] {
        running.child.send(SIGTERM)
        #expect(await running.child.waitForExit(limit: .seconds(60)))
        #expect(running.child.exitStatus == 0, "\(running.child.summary)")
        let lines = running.child.stdout.split(separator: "\n")
        #expect(lines.last.map(String.init) == stopped, "\(running.child.summary)")
        return lines
    }

    static func start(
        _ arguments: [String], extension path: String = "Plugins-Examples/Template",
        bundle: String = bundle
    ) async throws -> Running {
        let child = try ChildProcess.nsesim(
            [
                "apns", "--extension", repositoryPath(path), "--port", "0",
                "--bundle-id", bundle,
            ] + arguments, environment: folder.environment)
        // The first line comes once the extension is built (a cold build cache takes a while).
        guard let line = try await child.firstLine(limit: .seconds(300)),
            let range = line.range(of: "https://127.0.0.1:"), let port = Int(line[range.upperBound...].prefix(while: \.isNumber)),
            let ca = line.range(of: "(CA: ")
        else {
            child.send(SIGKILL)
            Issue.record("nsesim apns printed no address:\n\(child.summary)")
            throw CocoaError(.fileReadUnknown)
        }
        let authority = String(line[ca.upperBound...].prefix(while: { $0 != ")" }))
        return Running(child: child, port: port, authority: authority)
    }

    func curl(
        _ running: Running, token: String, jwt: String, title: String, bundle: String = bundle,
        extra: String = "", headers: [String] = []
    ) throws -> String {
        let body = Self.folder.scratch("body").appendingPathComponent("p.json")
        try Data(#"{"aps":{"alert":{"title":"\#(title)"},"mutable-content":1}\#(extra)}"#.utf8).write(to: body)
        let result = try runTool(
            [
                "curl", "--silent", "--http2", "--cacert", running.authority, "-w", " %{http_code}",
                "-H", "authorization: bearer \(jwt)", "-H", "apns-topic: \(bundle)", "-H", "apns-push-type: alert",
            ]
                + headers.flatMap { ["-H", $0] }
                + ["--data-binary", "@" + body.path, "https://127.0.0.1:\(running.port)/3/device/\(token)"])
        return result.stdout.trimmingCharacters(in: .whitespaces)
    }

    @Test func providersPushThroughTheExtensionIntoTheCenter() async throws {
        // Two backends, each with a key of its own (each key may start a new token every 20 minutes).
        let signer = ProviderTokenSigner()
        let library = ProviderTokenSigner(keyID: "XYZ987KEY1")
        let scratch = Self.folder.scratch("apns")
        let key = scratch.appendingPathComponent("AuthKey.p8")
        let libraryKey = scratch.appendingPathComponent("AuthKey_XYZ987KEY1.p8")
        try signer.p8.write(to: key, atomically: true, encoding: .utf8)
        try library.p8.write(to: libraryKey, atomically: true, encoding: .utf8)
        let tokens = scratch.appendingPathComponent("tokens.txt")
        try "# the test devices\n\(Self.device)\n\(Self.removed) \(Self.bundle)\n".write(to: tokens, atomically: true, encoding: .utf8)
        let log = scratch.appendingPathComponent("apns.jsonl")
        let running = try await Self.start([
            "--key", "\(signer.keyID)=\(key.path)", "--key", "\(library.keyID)=\(libraryKey.path)", "--team", signer.teamID,
            "--tokens", tokens.path, "--log", log.path,
        ])
        defer { running.child.send(SIGKILL) }
        let jwt = signer.token()

        #expect(try curl(running, token: Self.device, jwt: jwt, title: "From curl") == "200")
        #expect(
            try curl(running, token: String(repeating: "99", count: 32), jwt: jwt, title: "Nobody") == #"{"reason":"BadDeviceToken"} 400"#)
        let unregister = try await NSESimCommand.run(
            ["apns", "unregister", Self.removed, "--bundle-id", Self.bundle],
            environment: Self.folder.environment)
        #expect(unregister.status == 0, "\(unregister)")
        let gone = try curl(running, token: Self.removed, jwt: jwt, title: "Gone")
        #expect(gone.hasPrefix(#"{"reason":"Unregistered","timestamp":"#) && gone.hasSuffix(" 410"))

        // A provider library from PyPI, over its own HTTP/2 connection, with nsesim's CA.
        let python = repositoryPath(".build/apns-venv/bin/python")
        try #require(FileManager.default.isExecutableFile(atPath: python), "no \(python): run make apns-client (make test does)")
        let client = try runTool([
            python, repositoryPath("Tests/APNsServerTests/Clients/aioapns_push.py"), "127.0.0.1", String(running.port),
            running.authority, libraryKey.path, library.keyID, library.teamID, Self.bundle, Self.device, "3",
        ])
        #expect(client.stdout.split(separator: "\n") == ["200 OK True", "200 OK True", "200 OK True"], "\(client)")

        // One build for the server's life, before the first push.
        let lines = await stop(
            running, expecting: "Stopped: 4 delivered, 2 refused, 0 accepted but not delivered; the extension built 1 time(s)")
        #expect(lines.contains { $0.contains("alert  200  delivered: modified") })
        #expect(lines.contains { $0.contains("400  BadDeviceToken") })

        let records = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(records.count == 6)
        #expect(records.filter { $0["outcome"] as? String == "modified" }.count == 4)
        #expect(records.compactMap { $0["reason"] as? String }.sorted() == ["BadDeviceToken", "Unregistered"])

        let center = try await NSESimCommand.run(["center", "ls", "--bundle-id", Self.bundle], environment: Self.folder.environment)
        #expect(center.stdout.contains("From curl [modified]"), "\(center)")
        #expect(center.stdout.contains("From aioapns 2 [modified]"), "\(center)")
    }

    /// Accepted pushes run their extension at once, each in its own process, yet what
    /// can be seen keeps the arrival order. The first push's extension (Probe) sleeps 2 s, the
    /// second's 0.1 s: the second's process runs while the first's sleeps (their spans,
    /// read in each process, overlap) and finishes first, but the first enters the center,
    /// gets its line and its log record first.
    @Test func pushesRunAtOnceAndKeepTheirArrivalOrder() async throws {
        let bundle = "com.example.apnsconcurrent"
        let log = Self.folder.scratch("concurrent").appendingPathComponent("apns.jsonl")
        let running = try await Self.start(
            ["--log", log.path, "--concurrent-deliveries", "2"],
            extension: "Fixtures/extensions/Probe", bundle: bundle)
        defer { running.child.send(SIGKILL) }
        let jwt = ProviderTokenSigner().token()  // no --key: not asked for
        let slowID = UUID().uuidString
        let quickID = UUID().uuidString
        #expect(
            try curl(
                running, token: Self.device, jwt: jwt, title: "Slow", bundle: bundle, extra: #","probe-sleep":2.0"#,
                headers: ["apns-id: \(slowID)"]) == "200")
        #expect(
            try curl(
                running, token: Self.device, jwt: jwt, title: "Quick", bundle: bundle, extra: #","probe-sleep":0.1"#,
                headers: ["apns-id: \(quickID)"]) == "200")
        for _ in 0..<1000 {
            if ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count >= 2 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let lines = await stop(
            running, expecting: "Stopped: 2 delivered, 0 refused, 0 accepted but not delivered; the extension built 1 time(s)")
        // The lines in arrival order: their times (the arrival's) do not go back.
        let times = lines.filter { $0.contains("delivered: modified") }.map { $0.prefix(12) }
        #expect(times.count == 2 && times[0] <= times[1], "\(running.child.summary)")
        let records = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
            .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(records.compactMap { ($0["apnsId"] as? String)?.uppercased() } == [slowID, quickID], "\(records)")

        // The center, newest first: the quick push entered it after the slow one.
        let center = try await NSESimCommand.run(
            ["center", "ls", "--bundle-id", bundle, "--format", "json"],
            environment: Self.folder.environment)
        let delivered = try #require(
            (try JSONSerialization.jsonObject(with: Data(center.stdout.utf8)) as? [String: Any])?["delivered"]
                as? [[String: Any]], "\(center)")
        let reports = delivered.compactMap { notification -> (title: String, report: [String: Any])? in
            guard let content = notification["content"] as? [String: Any], let title = content["title"] as? String,
                let body = content["body"] as? String,
                let report = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
            else { return nil }
            return (title, report)
        }
        #expect(reports.map(\.title) == ["Quick", "Slow"], "\(center)")
        guard reports.count == 2, let quickBegan = reports[0].report["didReceiveAt"] as? Double,
            let quickHanded = reports[0].report["handedAt"] as? Double, let slowBegan = reports[1].report["didReceiveAt"] as? Double,
            let slowHanded = reports[1].report["handedAt"] as? Double
        else {
            Issue.record("no probe reports in the center: \(center)")
            return
        }
        #expect(reports[0].report["pid"] as? Int != reports[1].report["pid"] as? Int, "each push in a process of its own")
        // The quick push ran while the slow one slept, and was done first.
        #expect(quickBegan < slowHanded && slowBegan < quickHanded, "the two extensions did not overlap: \(reports)")
        #expect(quickHanded < slowHanded, "\(reports)")
    }

    @Test func badSetupIsAClearError() async throws {
        let scratch = Self.folder.scratch("bad")
        let notAKey = scratch.appendingPathComponent("bad.p8")
        try "-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----\n".write(to: notAKey, atomically: true, encoding: .utf8)
        let base = ["apns", "--extension", repositoryPath("Plugins-Examples/Template"), "--port", "0"]
        let malformed = try await NSESimCommand.run(
            base + ["--key", "K1=\(notAKey.path)", "--team", "T1"], environment: Self.folder.environment)
        #expect(malformed.status == 65 && malformed.stderr.contains("\(notAKey.path): not a P-256 private key"), "\(malformed)")
        let missing = try await NSESimCommand.run(
            base + ["--key", "K1=/nonexistent/AuthKey.p8", "--team", "T1"], environment: Self.folder.environment)
        #expect(missing.status == 66 && missing.stderr.contains("/nonexistent/AuthKey.p8"), "\(missing)")
        let noTeam = try await NSESimCommand.run(base + ["--key", "K1=\(notAKey.path)"], environment: Self.folder.environment)
        #expect(noTeam.status == 64 && noTeam.stderr.contains("--team"), "\(noTeam)")
        let noCerts = try await NSESimCommand.run(base + ["--cert-dir", "/nonexistent/certs"], environment: Self.folder.environment)
        #expect(noCerts.status == 66 && noCerts.stderr.contains("--cert-dir /nonexistent/certs"), "\(noCerts)")
        let emptyCerts = try await NSESimCommand.run(base + ["--cert-dir", scratch.path], environment: Self.folder.environment)
        #expect(emptyCerts.status == 66 && emptyCerts.stderr.contains("no server.pem there"), "\(emptyCerts)")
        let badToken = try await NSESimCommand.run(["apns", "unregister", "xyz"], environment: Self.folder.environment)
        #expect(badToken.status == 64, "\(badToken)")
    }
}
