import Foundation
import NSESimCore
import Testing

/// The real `nsesim run` and `nsesim build` executables: the JSON report of docs/behaviour.md#the-report
/// and the exit statuses.
@Suite("nsesim run")
struct RunCommandTests {
    /// The keys docs/behaviour.md#the-report gives the `run --format json` object.
    static let specKeys: Set<String> = [
        "request", "invoked", "notInvokedReason", "outcome", "delivered",
        "attachments", "errors", "warnings", "timeline", "peakMemoryBytes",
    ]
    /// The timeline events docs/behaviour.md#timeline-events names.
    static let specEvents: Set<String> = ["didReceive", "contentHandler", "timeWillExpire", "killed", "crashed", "delivered"]

    /// Checks the object has the report's documented keys with their types; returns the event names.
    @discardableResult
    private func checkReport(_ object: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let missing = Self.specKeys.subtracting(object.keys)
        #expect(missing.isEmpty, "keys missing from the report: \(missing.sorted())", sourceLocation: sourceLocation)
        #expect(object["request"] is [String: Any], sourceLocation: sourceLocation)
        #expect(object["invoked"] is Bool, sourceLocation: sourceLocation)
        #expect(object["notInvokedReason"] is NSNull || object["notInvokedReason"] is String, sourceLocation: sourceLocation)
        #expect(object["outcome"] is String, sourceLocation: sourceLocation)
        #expect(object["delivered"] is [String: Any], sourceLocation: sourceLocation)
        #expect(object["attachments"] is [Any], sourceLocation: sourceLocation)
        #expect(object["errors"] is [Any], sourceLocation: sourceLocation)
        #expect(object["warnings"] is [Any], sourceLocation: sourceLocation)
        #expect(object["peakMemoryBytes"] is NSNumber, sourceLocation: sourceLocation)
        let timeline = object["timeline"] as? [[String: Any]] ?? []
        #expect(
            object["timeline"] is [Any] && timeline.count == (object["timeline"] as? [Any])?.count,
            sourceLocation: sourceLocation)
        let events = timeline.compactMap { $0["event"] as? String }
        #expect(events.count == timeline.count, "an event without a name: \(timeline)", sourceLocation: sourceLocation)
        #expect(timeline.allSatisfy { $0["tMs"] is NSNumber }, "an event without tMs: \(timeline)", sourceLocation: sourceLocation)
        let unknown = Set(events).subtracting(Self.specEvents)
        #expect(unknown.isEmpty, "events the behaviour reference does not name: \(unknown.sorted())", sourceLocation: sourceLocation)
        return events
    }

    @Test("run --format json: BestAttempt's report has the documented keys, events and timing")
    func jsonReportBestAttempt() async throws {
        let result = try await nsesim(
            "run", "--extension", example("BestAttempt"), "--payload", payloadPath("alert-mutable.json"),
            "--deadline", "0.5", "--grace", "3", "--format", "json")
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let object = try result.jsonObject()
        let events = checkReport(object)
        #expect(object["invoked"] as? Bool == true)
        #expect(object["notInvokedReason"] is NSNull)
        #expect(object["outcome"] as? String == "best-attempt")
        #expect(events == ["didReceive", "timeWillExpire", "contentHandler", "delivered"])
        let delivered = object["delivered"] as? [String: Any]
        #expect(delivered?["title"] as? String == "Best attempt: New message")
        #expect(delivered?["subtitle"] as? String == "delivered by serviceExtensionTimeWillExpire")
        let timeline = object["timeline"] as? [[String: Any]] ?? []
        let expire = try #require(timeline.first { $0["event"] as? String == "timeWillExpire" }?["tMs"] as? Double)
        // At the deadline, never before; after it by no more than a loaded machine's timer delay.
        #expect(expire >= 500 && expire < 3500, "timeWillExpire at \(expire) ms")
        #expect((object["peakMemoryBytes"] as? NSNumber)?.int64Value ?? 0 > 0)
    }

    @Test("run --format json: Template's report, and the original request beside it")
    func jsonReportModified() async throws {
        // Not a test of the deadline: one no loaded machine reaches (the run ends at the handler).
        let result = try await nsesim(
            "run", "--extension", example("Template"), "--payload", payloadPath("alert-mutable.json"),
            "--deadline", "10", "--grace", "1", "--format", "json")
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let object = try result.jsonObject()
        let events = checkReport(object)
        #expect(object["outcome"] as? String == "modified")
        #expect(events == ["didReceive", "contentHandler", "delivered"])
        #expect((object["delivered"] as? [String: Any])?["title"] as? String == "New message [modified]")
        let request = object["request"] as? [String: Any]
        #expect((request?["content"] as? [String: Any])?["title"] as? String == "New message")
        #expect((object["errors"] as? [Any])?.isEmpty == true)
        // The payload's category MESSAGE was never registered in the app's center: iOS shows no buttons.
        let warnings = (object["warnings"] as? [[String: Any]]) ?? []
        #expect(warnings.compactMap { $0["code"] as? String } == ["category-not-registered"], "\(warnings)")
    }

    @Test("run --format json: a silent payload is not invoked, with the reason")
    func jsonReportNotInvoked() async throws {
        let result = try await nsesim(
            "run", "--extension", example("Template"), "--payload", payloadPath("silent.json"),
            "--format", "json")
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let object = try result.jsonObject()
        let events = checkReport(object)
        #expect(object["invoked"] as? Bool == false)
        #expect(object["outcome"] as? String == "not-invoked")
        #expect((object["notInvokedReason"] as? String)?.isEmpty == false)
        #expect(events.isEmpty)
    }

    @Test("run --format json: Faults/Hang is killed and the original delivered")
    func jsonReportTimeout() async throws {
        let result = try await nsesim(
            "run", "--extension", example("Faults/Hang"), "--payload", payloadPath("alert-mutable.json"),
            "--deadline", "0.3", "--grace", "0.3", "--format", "json")
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let object = try result.jsonObject()
        let events = checkReport(object)
        #expect(object["outcome"] as? String == "original-timeout")
        #expect(events == ["didReceive", "timeWillExpire", "killed", "delivered"])
        let delivered = object["delivered"] as? [String: Any]
        let original = (object["request"] as? [String: Any])?["content"] as? [String: Any]
        #expect(delivered.map { NSDictionary(dictionary: $0) } == original.map { NSDictionary(dictionary: $0) })
    }

    @Test("run --format json: an early exit is original-crash, with errors in the documented shape")
    func jsonReportCrash() async throws {
        let result = try await nsesim(
            "run", "--extension", testExtension("ExitsEarly"), "--payload",
            payloadPath("alert-mutable.json"), "--deadline", "10", "--grace", "1",
            "--format", "json")
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let object = try result.jsonObject()
        let events = checkReport(object)
        #expect(object["outcome"] as? String == "original-crash")
        #expect(events.filter { $0 != "timeWillExpire" } == ["didReceive", "crashed", "delivered"])
        let errors = object["errors"] as? [[String: Any]] ?? []
        #expect(!errors.isEmpty)
        for error in errors {
            #expect(error["domain"] is String && error["code"] is NSNumber && error["message"] is String, "\(error)")
        }
    }

    @Test("nsesim build prints the cached library, and run loads that library")
    func buildThenRunLibrary() async throws {
        let build = try await nsesim("build", "--extension", example("AppendName"))
        #expect(build.status == 0, "\(build)")
        let library = build.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(library.hasSuffix("/libAppendName.so"), "\(build)")
        #expect(library.hasPrefix(TestToolchain.cacheDirectory.path), "\(build)")
        let result = try await nsesim(
            "run", "--extension", library, "--payload", payloadPath("with-sender.json"),
            "--deadline", "10", "--grace", "1", "--format", "json")
        #expect(result.status == 0, "\(result)")
        let object = try result.jsonObject()
        checkReport(object)
        #expect(object["outcome"] as? String == "modified")
        #expect((object["delivered"] as? [String: Any])?["body"] as? String == "Are we still on? (from Alice)")
    }

    @Test("--network without --serve, and {{server}} without --serve: usage errors, exit 64")
    func networkNeedsServe() async throws {
        let result = try await nsesim(
            "run", "--extension", example("Template"), "--payload", payloadPath("alert-mutable.json"),
            "--network", "3G")
        #expect(result.status == 64 && !result.crashed, "\(result)")
        #expect(result.stderr.contains("--serve"), "\(result)")
        let placeholder = try await nsesim("run", "--extension", example("ImageAttachment"), "--payload", payloadPath("image-url.json"))
        #expect(placeholder.status == 64, "\(placeholder)")
        #expect(placeholder.stderr.contains("{{server}}") && placeholder.stderr.contains("--serve"), "\(placeholder)")
    }

    @Test("run --serve --network: the payload's {{server}} reaches a local server applying the profile")
    func serveAndNetwork() async throws {
        let fast = try await nsesim(
            "run", "--extension", example("ImageAttachment"), "--payload", payloadPath("image-url.json"),
            "--serve", repositoryPath("Fixtures/media"), "--network", "WiFi", "--format", "json")
        #expect(fast.status == 0, "\(fast)")
        #expect(try fast.jsonObject()["outcome"] as? String == "modified")
        #expect((try fast.jsonObject()["attachments"] as? [Any])?.count == 1)
        // Edge waits 400 ms before the first byte: a 0.1 s deadline passes first, with a margin a loaded machine keeps.
        let slow = try await nsesim(
            "run", "--extension", example("ImageAttachment"), "--payload", payloadPath("image-url.json"),
            "--serve", repositoryPath("Fixtures/media"), "--network", "Edge", "--deadline", "0.1",
            "--grace", "3", "--format", "json")
        #expect(try slow.jsonObject()["outcome"] as? String == "best-attempt", "\(slow)")
    }

    @Test("A missing --extension folder exits 66")
    func missingExtension() async throws {
        let path = NSTemporaryDirectory() + "nsesim-no-such-extension-\(UUID().uuidString)"
        let result = try await nsesim(
            "run", "--extension", path, "--payload", payloadPath("alert-mutable.json"),
            "--format", "json")
        #expect(result.status == 66 && !result.crashed, "\(result)")
        #expect(result.stderr.contains(path), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
    }

    @Test("A broken payload exits 65")
    func brokenPayload() async throws {
        let result = try await nsesim(
            "run", "--extension", example("Template"), "--payload",
            payloadPath("malformed/not-json.json"), "--format", "json")
        #expect(result.status == 65 && !result.crashed, "\(result)")
        #expect(!result.stderr.isEmpty, "\(result)")
    }

    @Test("An extension that does not build exits 65 with the file and line")
    func brokenBuild() async throws {
        let result = try await nsesim(
            "run", "--extension", testExtension("BrokenBuild"), "--payload",
            payloadPath("alert-mutable.json"))
        #expect(result.status == 65 && !result.crashed, "\(result)")
        #expect(result.stderr.contains("NotificationService.swift:"), "\(result)")
    }

    @Test("app groups: UserDefaults(suiteName:) and the group container persist per app, as on iOS")
    func appGroupsPersistPerApp() async throws {
        let data = TestToolchain.cacheDirectory.appendingPathComponent("app-data-\(UUID().uuidString)")
        func body(_ extra: String...) async throws -> String? {
            let result = try await nsesim(
                [
                    "run", "--extension", testExtension("AppGroup"), "--payload",
                    payloadPath("alert-mutable.json"), "--format", "json",
                ] + extra,
                dataDirectory: data)
            #expect(result.status == 0, "\(result)")
            return (try result.jsonObject()["delivered"] as? [String: Any])?["body"] as? String
        }
        #expect(try await body() == "defaults 1 file 1")
        #expect(try await body() == "defaults 2 file 2")
        #expect(try await body("--bundle-id", "com.other.app") == "defaults 1 file 1")
        #expect(
            FileManager.default.fileExists(
                atPath: data.appendingPathComponent(
                    "apps/com.example.app/AppGroups/group.com.example.app/count.txt"
                ).path))
    }
}
