import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimBuild
@testable import NSESimCore
@testable import NSESimHost
@testable import NSESimStore

/// `NotificationReport`, version 2 of `nsesim run --format json` (docs/behaviour.md#the-report): the same
/// object as version 1's hand-built dictionary, plus `reportVersion`; its schema in
/// `docs/report-schema.json` generated from the types.
@Suite("NotificationReport")
struct NotificationReportTests {
    /// A run the extension took part in, with every part of the report filled in: timeline
    /// with a detail, attachments and a dropped one, an extension error, warnings of the
    /// payload and the run, framework records, log entries, center changes, a build.
    static func fullRun() throws -> NotificationRun {
        let payload = try parseFixture("lint-warnings.json", options(collapseID: "c-1"))
        var result = ExtensionRunResult(outcome: .bestAttempt, requestIdentifier: "c-1")
        result.handedContent = .object(["title": .string("Hi [modified]"), "relevanceScore": .double(0)])
        result.deliveredContent = result.handedContent
        result.attachments = [
            DeliveredAttachment(
                identifier: "photo", url: URL(fileURLWithPath: "/store/c-1/photo.jpg"),
                type: "public.jpeg", size: 1397)
        ]
        result.attachmentFailures = [
            AttachmentFailure(
                identifier: "page", code: 105, codeName: "attachmentCorrupt",
                message: "the content is text/html")
        ]
        result.timeline = [
            TimelineEvent(tMs: 0.04, event: .didReceive), TimelineEvent(tMs: 300, event: .timeWillExpire),
            TimelineEvent(tMs: 412.36, event: .contentHandler, detail: "during the grace"),
            TimelineEvent(tMs: 413, event: .delivered),
        ]
        result.warnings = [RunWarning(.handlerCalledAgain, "called again")]
        result.errors = ["the extension printed an error"]
        result.peakMemoryBytes = 9_000_000
        result.baselineMemoryBytes = 7_000_000
        result.startDuration = .milliseconds(12)
        result.processExit = "exited with status 0"
        result.log = "hello\n"
        result.handlerCalls = 2
        result.didReceiveStartedMs = 0.25
        result.records = [
            ExtensionRecord(
                source: NSESimReportSource.call.rawValue,
                record: .object([
                    "api": .string("reportNewIncomingVoIPPush"),
                    "allowed": .bool(true),
                ]), tMs: 3.14),
            ExtensionRecord(source: NSESimReportSource.systemSound.rawValue, record: .object(["sound": .string("vibrate")]), tMs: 5),
            ExtensionRecord(
                source: NSESimReportSource.log.rawValue,
                record: .object([
                    "level": .string("info"), "subsystem": .string("com.example"), "category": .string("push"),
                    "message": .string("got <private>"), "private": .string("got Alice"),
                ]), tMs: 1.06),
            ExtensionRecord(
                source: NSESimReportSource.center.rawValue,
                record: .object([
                    "change": .string("badgeSet"),
                    "badge": .integer(2),
                ])),
        ]
        var built = BuiltExtension(
            library: URL(fileURLWithPath: "/cache/libNSE.so"), bundleDirectory: nil, principalClass: nil,
            cacheHit: true, buildDuration: .milliseconds(2.5))
        built.warnings = ["unused variable"]
        var run = NotificationRun(payload: payload, extensionResult: result, built: built)
        run.deliveryWarnings.append(RunWarning(.categoryNotRegistered, "not registered"))
        return run
    }

    /// A payload iOS would not run the extension for: no extension, no build.
    static func notInvokedRun() throws -> NotificationRun {
        NotificationRun(payload: try parseFixture("mutable-content-string.json"), extensionResult: nil, built: nil)
    }

    @Test(
        "version 4 without a crash, a hang or a sanitizer is version 1 plus reportVersion: the same keys, nulls and numbers",
        arguments: [0, 1])
    func sameAsVersionOne(which: Int) throws {
        let run = which == 0 ? try Self.fullRun() : try Self.notInvokedRun()
        guard case .object(var report) = run.jsonValue else {
            Issue.record("the report is not an object")
            return
        }
        #expect(report.removeValue(forKey: "reportVersion") == .integer(4))
        let legacy = Self.versionOne(run)
        #expect(JSONValue.object(report) == legacy)
        #expect(JSONValue.object(report).serializedString(pretty: true) == legacy.serializedString(pretty: true))
    }

    @Test("null fields are there as null; optional parts are left out when there is nothing to say")
    func nullsAndAbsentKeys() throws {
        let notInvoked = try Self.notInvokedRun().jsonValue
        #expect(notInvoked["notInvokedReason"]?.stringValue?.isEmpty == false)
        #expect(notInvoked["request"]?["apnsID"] == .null)
        for key in ["baselineMemoryBytes", "handlerCalls", "processExit", "log", "logRecords", "extension", "center", "calls"] {
            #expect(notInvoked[key] == nil, "\(key)")
        }
        let full = try Self.fullRun().jsonValue
        let invoked = NotificationRun(payload: try parseFixture("simulator.apns"), extensionResult: nil, built: nil).jsonValue
        #expect(invoked["invoked"] == .bool(true))
        #expect(invoked["notInvokedReason"] == .null)
        #expect(full["timeWillExpireStartedMs"] == .null)
        #expect(full["didReceiveStartedMs"] == .double(0.3))
        #expect(full["extension"]?["startMs"] == .double(12))
        #expect(full["timeline"]?.arrayValue?[2]["tMs"] == .double(412.4))
        #expect(full["timeline"]?.arrayValue?[0]["detail"] == nil)
        #expect(full["errors"]?.arrayValue?[0]["name"] == nil)
        #expect(full["errors"]?.arrayValue?[1]["name"] == .string("attachmentCorrupt"))
    }

    @Test("decoding the encoded report gives it back, nulls and absent keys apart")
    func roundTrip() throws {
        // As text: a whole Double inside open JSON (relevanceScore 0) reads back as an integer.
        for run in [try Self.fullRun(), try Self.notInvokedRun()] {
            let decoded = try run.jsonValue.decoded(as: NotificationReport.self)
            #expect(JSONValue(encoding: decoded).serializedString() == run.jsonValue.serializedString())
            #expect(decoded.outcome == run.report.outcome && decoded.timeline == run.report.timeline)
        }
        let decoded = try Self.fullRun().jsonValue.decoded(as: NotificationReport.self)
        #expect(decoded.timeWillExpireStartedMs == Nullable(wrappedValue: nil))
        #expect(decoded.didReceiveStartedMs == Nullable(wrappedValue: 0.3))
    }

    @Test(
        "docs/report-schema.json and docs/show-report-schema.json are what the types generate (make report-schema writes them)",
        arguments: ReportSchema.all.map(\.command))
    func committedSchema(command: String) throws {
        let schema = try #require(ReportSchema.all.first { $0.command == command })
        let committed = try String(contentsOf: repositoryRoot.appendingPathComponent(schema.path), encoding: .utf8)
        #expect(
            committed == (try schema.text()),
            "\(schema.path) differs from the types of `nsesim \(command)`'s report: run `make report-schema` and commit it")
    }

    @Test("the shape follows the types: Nullable required and nullable, Optional not required, enums listed")
    func shape() throws {
        let shape = try ReportSchema.run.shape()
        guard case .object(_, let properties) = shape else {
            Issue.record("not an object")
            return
        }
        func property(_ key: String) -> SchemaShape.Property? { properties.first { $0.key == key } }
        #expect(property("reportVersion")?.required == true)
        #expect(property("notInvokedReason") == SchemaShape.Property(key: "notInvokedReason", shape: .nullable(.string), required: true))
        #expect(property("processExit") == SchemaShape.Property(key: "processExit", shape: .nullable(.string), required: false))
        #expect(property("baselineMemoryBytes")?.required == false)
        #expect(property("outcome")?.shape == .enumeration(Outcome.allCases.map(\.rawValue)))
        #expect(property("delivered")?.shape == .any)
        // 27 in version 2 as first written, coreData, memoryLimitBytes, lockState, files; crash, hang; sanitizer;
        // backgroundTasks, crypto, notify; audio
        #expect(shape.keys.count == 38)
        #expect(property("memoryLimitBytes") == SchemaShape.Property(key: "memoryLimitBytes", shape: .nullable(.integer), required: false))
        #expect(property("lockState")?.shape == .enumeration(["unlocked", "locked", "before-first-unlock"]))
        let document = try ReportSchema.run.document()
        #expect(document["properties"]?["reportVersion"]?["const"] == .integer(4))
        // Version 3's sections: typed frames shared by the crash and the hang.
        #expect(property("crash")?.required == false)
        #expect(property("hang")?.required == false)
        for name in ["ExtensionCrash", "ExtensionHang", "StackSample", "ThreadStack", "StackFrame", "StuckThread"] {
            #expect(document["$defs"]?[name] != nil, "\(name)")
        }
        #expect(document["$defs"]?["StackFrame"]?["required"] == .array([.string("isOwnCode")]))
        #expect(document["$defs"]?["StackSample"]?["properties"]?["moment"]?["enum"] == .array([.string("deadline"), .string("kill")]))
        #expect(document["$defs"]?["Attachment"]?["properties"]?["size"]?["type"] == .array([.string("integer"), .string("null")]))
    }

    /// Version 1's report, built by hand as `NotificationRun.jsonValue` did before the types.
    static func versionOne(_ run: NotificationRun) -> JSONValue {
        let result = run.extensionResult
        let payload = run.payload
        func tenths(_ value: Double) -> JSONValue { .double((value * 10).rounded() / 10) }
        var object: [String: JSONValue] = [
            "request": .object([
                "identifier": .string(payload.request.identifier),
                "pushType": .string(payload.headers.pushType.rawValue),
                "collapseID": payload.headers.collapseID.map(JSONValue.string) ?? .null,
                "apnsID": payload.headers.apnsID.map(JSONValue.string) ?? .null,
                "trigger": .object(["type": .string("push"), "repeats": .bool(false)]),
                "content": payload.request.content.jsonValue,
            ]),
            "invoked": .bool(payload.gate.invoked),
            "notInvokedReason": payload.gate.notInvokedReason.map(JSONValue.string) ?? .null,
            "outcome": .string(run.outcome.rawValue),
            "delivered": run.deliveredContent,
            "attachments": .array(
                (result?.attachments ?? []).map { attachment in
                    .object([
                        "identifier": .string(attachment.identifier), "url": .string(attachment.url.absoluteString),
                        "type": .string(attachment.type), "size": .integer(attachment.size),
                    ])
                }),
            "errors": .array(
                (result?.errors ?? []).map { message in
                    .object(["domain": .string("nsesim.extension"), "code": .integer(1), "message": .string(message)])
                }
                    + (result?.attachmentFailures ?? []).map { failure in
                        .object([
                            "domain": .string(UNErrorDomain), "code": .integer(Int64(failure.code)), "name": .string(failure.codeName),
                            "identifier": .string(failure.identifier), "message": .string(failure.message),
                        ])
                    }),
            "warnings": .array(
                payload.warnings.map(\.jsonValue)
                    + ((result?.warnings ?? []) + run.deliveryWarnings).map { warning in
                        .object(["code": .string(warning.code.rawValue), "key": .null, "message": .string(warning.message)])
                    }),
            "timeline": .array(
                (result?.timeline ?? []).map { event in
                    var entry: [String: JSONValue] = ["tMs": tenths(event.tMs), "event": .string(event.event.rawValue)]
                    if let detail = event.detail { entry["detail"] = .string(detail) }
                    return .object(entry)
                }),
            "peakMemoryBytes": .integer(result?.peakMemoryBytes ?? 0),
        ]
        if let result {
            object["baselineMemoryBytes"] = .integer(result.baselineMemoryBytes)
            object["addedMemoryBytes"] = .integer(result.addedMemoryBytes)
            object["handlerCalls"] = .integer(Int64(result.handlerCalls))
            // Added in version 2 (an optional field keeps the version): the memory limit applied.
            object["memoryLimitBytes"] = result.memoryLimitBytes.map(JSONValue.integer) ?? .null
            object["lockState"] = .string(result.lockState.rawValue)
            object["didReceiveStartedMs"] = result.didReceiveStartedMs.map(tenths) ?? .null
            object["timeWillExpireStartedMs"] = result.timeWillExpireStartedMs.map(tenths) ?? .null
            object["processExit"] = result.processExit.map(JSONValue.string) ?? .null
            object["log"] = .string(result.log)
            object["logRecords"] = .array(
                LogRecords(result).shown(run.logOptions).map { record in
                    .object([
                        "tMs": tenths(record.tMs), "level": record.record["level"] ?? .null,
                        "subsystem": record.record["subsystem"] ?? .null, "category": record.record["category"] ?? .null,
                        "message": (run.logOptions.showPrivate ? record.record["private"] : record.record["message"]) ?? .null,
                    ])
                })
            for (key, source) in [
                ("calls", NSESimReportSource.call), ("keychain", .keychain), ("images", .image), ("sdk", .sdk),
                ("reachability", .reachability), ("sounds", .systemSound), ("coreData", .coreDataStore),
            ] {
                let records = result.records(from: source)
                if !records.isEmpty { object[key] = .array(records.map(\.timedJSON)) }
            }
        }
        if !run.centerChanges.isEmpty { object["center"] = .object(["changes": .array(run.centerChanges)]) }
        if let built = run.built {
            var described: [String: JSONValue] = [
                "library": .string(built.library.path), "cacheHit": .bool(built.cacheHit),
                "buildMs": .double(built.buildDuration.milliseconds),
                "startMs": result?.startDuration.map { .double($0.milliseconds) } ?? .null,
                "buildWarnings": .array(built.warnings.map(JSONValue.string)),
            ]
            if let origin = built.origin { described["project"] = origin.jsonValue }
            object["extension"] = .object(described)
        }
        return .object(object)
    }
}
