import Foundation
import NSESimRuntime
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Real extensions under the network faults that replay cases cannot express (the cases
/// themselves are Fixtures/cases/network-faults, run by `make test`): a server that never
/// answers, with what must be gone afterwards, and HTTPS with a self-signed certificate.
/// The extensions run in real `nsesim run` processes against real servers on 127.0.0.1.
@Suite("Plugins under network faults")
struct NetworkFaultPluginTests {
    /// One stalled download: the plugin, the payload key it reads, the outcome its
    /// serviceExtensionTimeWillExpire() leads to.
    struct Stalled: Sendable, CustomTestStringConvertible {
        let plugin: String
        let key: String
        let outcome: String
        var testDescription: String { "\(URL(fileURLWithPath: plugin).lastPathComponent) → \(outcome)" }
    }

    static let stalled = [
        Stalled(plugin: repositoryPath("Plugins-Examples/ImageAttachment"), key: "image-url", outcome: "best-attempt"),
        Stalled(plugin: repositoryPath("Plugins-Examples/Downloader"), key: "media", outcome: "best-attempt"),
        Stalled(plugin: NoExpiryExtension.folder.path, key: "image-url", outcome: "original-timeout"),
    ]

    @Test(
        "a server that never answers (?stall=1): timeWillExpire at the deadline, the outcome the plugin dictates, nothing left behind",
        arguments: stalled)
    func stall(_ stalled: Stalled) async throws {
        let scratch = ReplayRun.scratch("stall")
        let url = "{{server}}/sample.jpg?stall=1"
        let run = try await runPlugin(
            stalled.plugin, payload: [stalled.key: stalled.key == "media" ? [url] as Any : url as Any],
            scratch: scratch,
            arguments: [
                "--serve", repositoryPath("Fixtures/media"),
                "--deadline", "0.5", "--grace", "1",
            ])
        let report = run.report
        #expect(report["outcome"] as? String == stalled.outcome, "\(run.result)")
        let events = (report["timeline"] as? [[String: Any]] ?? []).compactMap { $0["event"] as? String }
        #expect(events.starts(with: ["didReceive", "timeWillExpire"]), "\(events)")
        if stalled.outcome == "best-attempt" {
            #expect(events.contains("contentHandler"), "\(events)")
        } else {
            #expect(events.contains("killed"), "\(events)")
            #expect(!events.contains("contentHandler"), "\(events)")
        }
        #expect((report["attachments"] as? [Any])?.isEmpty == true)
        #expect(run.leftovers.isEmpty, "left behind: \(run.leftovers)")
    }

    @Test(
        "HTTPS with a self-signed certificate: Downloader refuses it unless NSESIM_CA_FILE names it; URLSession (ImageAttachment) refuses it"
    )
    func selfSignedCertificate() async throws {
        let scratch = ReplayRun.scratch("tls")
        let certificate = scratch.appendingPathComponent("cert.pem").path
        let key = scratch.appendingPathComponent("key.pem").path
        let made = try await onThread {
            try runTool([
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1", "-days", "1", "-keyout", key, "-out", certificate,
            ])
        }
        #expect(made.status == 0, "\(made)")
        let server = try await onThread { try FaultServer(tls: (certificate, key)) }
        defer { server.stop() }
        let url = server.url("files/sample.jpg").absoluteString
        #expect(url.hasPrefix("https://"))

        let downloader = repositoryPath("Plugins-Examples/Downloader")
        let refused = try await runPlugin(downloader, payload: ["media": [url]], scratch: scratch)
        #expect(refused.report["outcome"] as? String == "modified", "\(refused.result)")
        #expect((refused.report["attachments"] as? [Any])?.isEmpty == true)
        #expect((refused.report["delivered"] as? [String: Any])?["subtitle"] as? String == "1 of 1 downloads failed")

        let trusted = try await runPlugin(
            downloader, payload: ["media": [url]], scratch: scratch,
            environment: [NSESimEnvironment.caFile.name: certificate])
        let attachments = trusted.report["attachments"] as? [[String: Any]] ?? []
        #expect(attachments.count == 1, "\(trusted.result)")
        #expect((attachments.first?["size"] as? NSNumber)?.intValue == 1397)

        // URLSession: refused as well; FoundationNetworking on Linux reads no CA setting
        // from the environment (SSL_CERT_FILE, CURL_CA_BUNDLE were tried: no effect).
        let imageAttachment = repositoryPath("Plugins-Examples/ImageAttachment")
        for environment in [[:], ["SSL_CERT_FILE": certificate, "CURL_CA_BUNDLE": certificate]] {
            let session = try await runPlugin(imageAttachment, payload: ["image-url": url], scratch: scratch, environment: environment)
            #expect(session.report["outcome"] as? String == "modified", "\(session.result)")
            #expect((session.report["attachments"] as? [Any])?.isEmpty == true, "\(session.result)")
            #expect(session.leftovers.isEmpty, "left behind: \(session.leftovers)")
        }
        #expect(refused.leftovers.isEmpty && trusted.leftovers.isEmpty)
    }
}

// MARK: - Running a plugin

/// One `nsesim run --format json` and what it left: containers in its TMPDIR, live
/// processes that carry its marker in their environment (the extension inherits it), and
/// files in its store other than the delivered attachments.
struct PluginRun {
    let result: CLIResult
    let report: [String: Any]
    let leftovers: [String]
}

/// Runs `plugin` on a payload (an alert with `custom` beside `aps`) with a TMPDIR, a store
/// and a marker of its own, and checks what is left once nsesim has exited.
func runPlugin(
    _ plugin: String, payload custom: [String: Any], scratch: URL, arguments: [String] = [],
    environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
) async throws -> PluginRun {
    let run = scratch.appendingPathComponent("run-\(UUID().uuidString.prefix(8))")
    let temporary = run.appendingPathComponent("tmp")
    let store = run.appendingPathComponent("store")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    var payload = custom
    payload["aps"] = ["alert": ["title": "Media", "body": "network fault"], "mutable-content": 1]
    let file = run.appendingPathComponent("payload.json")
    try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys, .withoutEscapingSlashes]).write(to: file)
    let marker = "nsesim-network-fault-\(UUID().uuidString)"
    let result = try await NSESimCommand.run(
        ["run", "--extension", plugin, "--payload", file.path, "--store", store.path, "--format", "json"] + arguments,
        environment: ReplayRun.environment.merging(environment) { $1 }.merging(["TMPDIR": temporary.path, "NSESIM_TEST_MARKER": marker]) {
            $1
        })
    #expect(result.status == 0 && !result.crashed, "\(result)", sourceLocation: sourceLocation)
    let report = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]

    var leftovers: [String] = []
    // The extension's process group is killed and reaped before nsesim exits; a moment's
    // grace for the kernel to finish tearing it down.
    var alive = processes(withMarker: marker)
    for _ in 0..<40 where !alive.isEmpty {
        try await Task.sleep(for: .milliseconds(50))
        alive = processes(withMarker: marker)
    }
    leftovers += alive.map { "process \($0) (\(command(of: $0)))" }
    leftovers += ((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []).map { "TMPDIR/\($0)" }
    let delivered = Set(
        (report["attachments"] as? [[String: Any]] ?? []).compactMap { ($0["url"] as? String).flatMap(URL.init(string:))?.path })
    if let walker = FileManager.default.enumerator(atPath: store.path) {
        for case let relative as String in walker {
            let path = store.appendingPathComponent(relative).path
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix("index.") || name == ".lock" || delivered.contains(path) { continue }
            leftovers.append("store/\(relative)")
        }
    }
    return PluginRun(result: result, report: report, leftovers: leftovers)
}

/// Live processes whose environment holds `marker` (a zombie has no environment).
func processes(withMarker marker: String) -> [Int32] {
    let needle = Array("NSESIM_TEST_MARKER=\(marker)".utf8)
    return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init).filter { pid in
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
        return data.split(separator: 0).contains { Array($0) == needle }
    }
}

func command(of pid: Int32) -> String {
    (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?.replacingOccurrences(of: "\0", with: " ") ?? "?"
}

/// Runs blocking work on a thread of its own, off the test pool.
func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}

// MARK: - An extension that ignores the deadline

/// A URLSession extension written for these tests that does not implement
/// serviceExtensionTimeWillExpire(): a download that never ends leaves iOS (and nsesim)
/// nothing to deliver but the original content once the grace is over.
enum NoExpiryExtension {
    static let folder = writeTestExtension(at: ReplayRun.folder.appendingPathComponent("scratch/NoExpiryDownload"), source: source)

    static let source = #"""
        import UserNotifications

        class NotificationService: UNNotificationServiceExtension {
            override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                guard let address = request.content.userInfo["image-url"] as? String, let url = URL(string: address) else {
                    return contentHandler(content)
                }
                URLSession.shared.downloadTask(with: url) { location, _, _ in
                    if let location = location {
                        let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("image.jpg")
                        try? FileManager.default.moveItem(at: location, to: file)
                        if let attachment = try? UNNotificationAttachment(identifier: "image", url: file, options: nil) {
                            content.attachments = [attachment]
                        }
                    }
                    contentHandler(content)
                }.resume()
            }
        }
        """#
}
