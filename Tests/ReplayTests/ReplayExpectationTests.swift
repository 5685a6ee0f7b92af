import Foundation
import NSESimCore
import NSESimRuntime
import Testing
@_spi(NSESim) import UserNotifications

@testable import Replay

/// `ReplayExpectation.differences` on a hand-made report (`nsesim run --format json`'s
/// shape, docs/behaviour.md#the-report): each kind of expectation, passing and failing.
@Suite("ReplayExpectation.differences")
struct ReplayExpectationTests {
    static let report = """
        {
          "invoked": true,
          "notInvokedReason": null,
          "outcome": "modified",
          "delivered": {
            "title": "Hello [modified]", "body": "there", "badge": 3, "relevanceScore": 0.5,
            "targetContentIdentifier": null,
            "userInfo": {"aps": {"alert": {"title": "Hello", "body": "there"}, "mutable-content": 1},
                         "meta": {"sender": {"name": "Alice", "id": 7}, "tags": ["a", "b"]}}
          },
          "attachments": [
            {"identifier": "kept", "type": "public.png", "size": 469, "url": "file:///store/kept.png"},
            {"identifier": "clip", "type": "public.mpeg-4", "size": 1000, "url": "file:///store/clip.mp4"}
          ],
          "errors": [
            {"domain": "UNErrorDomain", "code": 105, "message": "the content is text/html"},
            {"domain": "NSURLErrorDomain", "code": -1001, "message": "timed out"}
          ],
          "warnings": [
            {"code": "content-handler-called-again", "key": null, "message": "called again"},
            {"code": "time-sensitive-without-entitlement", "key": "aps.interruption-level", "message": "…"}
          ],
          "timeline": [
            {"tMs": 1, "event": "didReceive"}, {"tMs": 300, "event": "timeWillExpire"},
            {"tMs": 400, "event": "contentHandler"}, {"tMs": 401, "event": "delivered", "detail": "the extension's content"}
          ],
          "sdk": [
            {"tMs": 2, "sdk": "FirebaseMessaging", "api": "populateNotificationContent", "summary": "downloading fcm_options.image"},
            {"tMs": 90, "sdk": "FirebaseMessaging", "api": "populateNotificationContent", "summary": "attached fcm_options.image (public.png); content delivered"}
          ]
        }
        """

    static func differences(_ expect: String, report: String = report) throws -> [String] {
        let object = try #require(try JSONValue.parse(Data(expect.utf8)).objectValue)
        let expectation = try ReplayExpectation(object)
        return expectation.differences(from: try JSONValue.parse(Data(report.utf8)))
    }

    @Test(
        "passing expectations give no differences",
        arguments: [
            #"{}"#,
            #"{"outcome": "modified"}"#,
            #"{"invoked": true}"#,
            #"{"delivered": {"title": "Hello [modified]", "body": "there"}}"#,
            // A nested userInfo subset: only the keys given are compared.
            #"{"delivered": {"userInfo": {"meta": {"sender": {"name": "Alice"}}}}}"#,
            #"{"delivered": {"userInfo": {"meta": {"tags": ["a", "b"]}, "aps": {"mutable-content": 1}}}}"#,
            // Numbers compare by value; null matches a null or absent field.
            #"{"delivered": {"badge": 3.0, "relevanceScore": 0.5, "targetContentIdentifier": null, "launchImageName": null}}"#,
            #"{"attachments": [{"type": "public.png", "size": 469, "identifier": "kept"}, {"type": "public.mpeg-4"}]}"#,
            #"{"attachments": {"count": 2}}"#,
            // Only UNError codes count, in any order.
            #"{"errors": [105]}"#,
            // Warnings: the ones given must be among the report's.
            #"{"warnings": ["content-handler-called-again"]}"#,
            #"{"warnings": []}"#,
            // Timeline: in this order, other events may lie between.
            #"{"timeline": ["didReceive", "contentHandler"]}"#,
            #"{"timeline": ["didReceive", "timeWillExpire", "contentHandler", "delivered"]}"#,
            #"{"outcome": "modified", "invoked": true, "attachments": {"count": 2}, "errors": [105], "timeline": ["delivered"]}"#,
            // The push SDK's steps: texts their summaries contain, in this order.
            #"{"sdk": ["downloading", "attached fcm_options.image"]}"#,
            #"{"sdk": []}"#,
        ])
    func passing(expect: String) throws {
        #expect(try Self.differences(expect) == [])
    }

    @Test(
        "failing expectations give one line per difference, naming the field",
        arguments: [
            (#"{"outcome": "best-attempt"}"#, ["outcome: expected best-attempt, got modified"]),
            (
                #"{"outcome": "not-invoked", "invoked": false}"#,
                ["outcome: expected not-invoked, got modified", "invoked: expected false, got true"]
            ),
            (#"{"delivered": {"title": "Hello"}}"#, [#"delivered.title: expected "Hello", got "Hello [modified]""#]),
            (#"{"delivered": {"badge": 4, "body": "there"}}"#, ["delivered.badge: expected 4, got 3"]),
            (
                #"{"delivered": {"userInfo": {"meta": {"sender": {"name": "Bob", "id": 7}}}}}"#,
                [#"delivered.userInfo.meta.sender.name: expected "Bob", got "Alice""#]
            ),
            (
                #"{"delivered": {"userInfo": {"meta": {"sender": {"email": "a@example.com"}}}}}"#,
                [#"delivered.userInfo.meta.sender.email: expected "a@example.com", got null"#]
            ),
            // Arrays are compared whole.
            (
                #"{"delivered": {"userInfo": {"meta": {"tags": ["a"]}}}}"#,
                [#"delivered.userInfo.meta.tags: expected ["a"], got ["a","b"]"#]
            ),
            (#"{"delivered": {"subtitle": ""}}"#, [#"delivered.subtitle: expected "", got null"#]),
            (
                #"{"attachments": [{"type": "public.png"}, {"type": "public.jpeg", "size": 999}]}"#,
                [#"attachments[1].type: expected "public.jpeg", got "public.mpeg-4""#, "attachments[1].size: expected 999, got 1000"]
            ),
            (
                #"{"attachments": [{"identifier": "other"}]}"#,
                [
                    "attachments: expected 1, got 2 (public.png 469 bytes, public.mpeg-4 1000 bytes)",
                    #"attachments[0].identifier: expected "other", got "kept""#,
                ]
            ),
            (#"{"attachments": {"count": 0}}"#, ["attachments: expected 0, got 2 (public.png 469 bytes, public.mpeg-4 1000 bytes)"]),
            (#"{"errors": []}"#, ["errors: expected UNError codes [], got [105]: the content is text/html; timed out"]),
            (#"{"errors": [105, 100]}"#, ["errors: expected UNError codes [100, 105], got [105]: the content is text/html; timed out"]),
            (
                #"{"warnings": ["content-handler-called-again", "mutable-content-missing"]}"#,
                ["warnings: expected mutable-content-missing, got [content-handler-called-again, time-sensitive-without-entitlement]"]
            ),
            (
                #"{"timeline": ["contentHandler", "timeWillExpire"]}"#,
                [
                    "timeline: expected contentHandler → timeWillExpire in order, got didReceive → timeWillExpire → contentHandler → delivered"
                ]
            ),
            (
                #"{"sdk": ["attached", "downloading"]}"#,
                [
                    #"sdk: expected a step saying "downloading" (in order), got "downloading fcm_options.image", "attached fcm_options.image (public.png); content delivered""#
                ]
            ),
            (
                #"{"timeline": ["didReceive", "killed", "delivered"]}"#,
                [
                    "timeline: expected didReceive → killed → delivered in order, got didReceive → timeWillExpire → contentHandler → delivered"
                ]
            ),
        ] as [(String, [String])])
    func failing(expect: String, lines: [String]) throws {
        #expect(try Self.differences(expect) == lines)
    }

    @Test("a report that lacks a field: the expectation says what was missing")
    func emptyReport() throws {
        let lines = try Self.differences(
            #"{"outcome": "modified", "invoked": true, "delivered": {"title": "Hi"}, "attachments": {"count": 1}, "errors": [100], "warnings": ["x"], "timeline": ["didReceive"]}"#,
            report: "{}")
        #expect(
            lines == [
                "outcome: expected modified, got none",
                "invoked: expected true, got none",
                // No delivered content at all: the whole subset is reported.
                #"delivered: expected {"title":"Hi"}, got null"#,
                "attachments: expected 1, got 0",
                "errors: expected UNError codes [100], got []",
                "warnings: expected x, got []",
                "timeline: expected didReceive in order, got no events (the extension did not run)",
            ])
    }

    @Test(
        "bad expectations are refused with the key",
        arguments: [
            (#"{"outcome": "modifed"}"#, "expect.outcome"),
            (#"{"invoked": "yes"}"#, "expect.invoked"),
            (#"{"delivered": "Hello"}"#, "expect.delivered"),
            (#"{"attachments": "two"}"#, "expect.attachments"),
            (#"{"attachments": {"count": "two"}}"#, "expect.attachments.count"),
            (#"{"errors": ["attachmentCorrupt"]}"#, "expect.errors[0]"),
            (#"{"warnings": "content-handler-called-again"}"#, "expect.warnings"),
            (#"{"sdk": "attached"}"#, "expect.sdk"),
            (#"{"timeline": [1, 2]}"#, "expect.timeline"),
            (#"{"rejected": true}"#, "expect.rejected"),
            (#"{"crash": {"line": "8"}}"#, "expect.crash"),
            (#"{"hang": "NotificationService.swift:20"}"#, "expect.hang"),
        ] as [(String, String)])

    func badExpectation(expect: String, key: String) throws {
        let object = try #require(try JSONValue.parse(Data(expect.utf8)).objectValue)
        do {
            _ = try ReplayExpectation(object)
            Issue.record("\(expect) was accepted")
        } catch {
            #expect("\(error)".contains(key), "\(error)")
        }
    }

    @Test("expect.crash and expect.hang match the own frame: the end of the path, the line, part of the function and reason")
    func siteExpectations() throws {
        let report = try JSONValue.parse(
            Data(
                #"""
                {"crash": {"signal": "SIGILL", "signalNumber": 4, "reason": "Fatal error: Unexpectedly found nil while unwrapping an Optional value",
                           "frames": [], "ownFrame": {"function": "NotificationService.didReceive(_:withContentHandler:)",
                           "file": "/src/NotificationService/NotificationService.swift", "line": 8, "isOwnCode": true}}}
                """#.utf8))
        func differences(_ expect: String) throws -> [String] {
            try ReplayExpectation(try #require(try JSONValue.parse(Data(expect.utf8)).objectValue)).differences(from: report)
        }
        #expect(
            try differences(
                #"{"crash": {"file": "NotificationService.swift", "line": 8, "function": "didReceive", "signal": "SIGILL", "reason": "Unexpectedly found nil"}}"#
            ) == [])
        #expect(try differences(#"{"crash": {"file": "NotificationService/NotificationService.swift"}}"#) == [])
        #expect(
            try differences(#"{"crash": {"file": "Service.swift", "line": 9}}"#) == [
                "crash: expected file Service.swift, line 9, got NotificationService.swift:8 in NotificationService.didReceive(_:withContentHandler:) — "
                    + "Fatal error: Unexpectedly found nil while unwrapping an Optional value (SIGILL)"
            ])
        #expect(try differences(#"{"hang": {"line": 8}}"#) == ["hang: expected a thread stuck in the extension's code, got none"])
    }

    @Test("expect.sanitizer: each expected finding in the report, every finding expected; none expected without it")
    func sanitizerExpectations() throws {
        let report = try JSONValue.parse(
            Data(
                #"""
                {"sanitizer": [{"sanitizer": "thread", "kind": "data-race", "summary": "Swift access race",
                                "stacks": [], "ownFrame": {"function": "closure #1 in NotificationService.didReceive(_:withContentHandler:)",
                                "file": "/src/RacingHandlers/NotificationService.swift", "line": 20, "isOwnCode": true}}]}
                """#.utf8))
        func differences(_ expect: String, in report: JSONValue = report) throws -> [String] {
            try ReplayExpectation(try #require(try JSONValue.parse(Data(expect.utf8)).objectValue)).differences(from: report)
        }
        let line =
            "data-race at NotificationService.swift:20 in closure #1 in NotificationService.didReceive(_:withContentHandler:) — Swift access race"
        #expect(
            try differences(
                #"{"sanitizer": [{"kind": "data-race", "file": "NotificationService.swift", "line": 20, "function": "didReceive"}]}"#) == []
        )
        #expect(try differences(#"{}"#) == ["sanitizer: unexpected \(line)"])
        #expect(try differences(#"{"sanitizer": []}"#) == ["sanitizer: unexpected \(line)"])
        #expect(
            try differences(#"{"sanitizer": [{"kind": "data-race", "line": 21}]}"#) == [
                "sanitizer: expected data-race at line 21, got \(line)"
            ])
        #expect(
            try differences(#"{"sanitizer": [{"kind": "use-after-free"}]}"#, in: try JSONValue.parse(Data("{}".utf8)))
                == ["sanitizer: expected use-after-free, got none"])
        #expect(throws: (any Error).self) { try differences(#"{"sanitizer": [{"knd": "data-race"}]}"#) }
        #expect(throws: (any Error).self) { try differences(#"{"sanitizer": {"kind": "data-race"}}"#) }
    }

    @Test(
        "keys the report does not have are refused, naming the place, the key and the known keys",
        arguments: [
            (
                #"{"outcom": "modified"}"#,
                ["expect.outcom", "did you mean \"outcome\"", "known keys here", "reportVersion", "handlerCalls"]
            ),
            (#"{"delivered": {"titel": "Hello"}}"#, ["expect.delivered.titel", "did you mean \"title\"", "subtitle", "userInfo"]),
            (
                #"{"attachments": [{"type": "public.png", "sise": 469}]}"#,
                ["expect.attachments[0].sise", "did you mean \"size\"", "type, size, identifier, url"]
            ),
            (#"{"attachments": {"cout": 2}}"#, ["expect.attachments.cout", "count"]),
            (
                #"{"records": {"sound": [{"api": "AudioServicesPlaySystemSound"}]}}"#,
                ["expect.records.sound", "did you mean \"sounds\"", "calls"]
            ),
            (#"{"extension": {"cacheHt": true}}"#, ["expect.extension.cacheHt", "cacheHit"]),
            (#"{"crash": {"fil": "NotificationService.swift"}}"#, ["expect.crash.fil", "did you mean \"file\"", "reason", "signal"]),
            (#"{"hang": {"waiting": "DispatchSemaphore.wait"}}"#, ["expect.hang.waiting", "waitingIn"]),
        ] as [(String, [String])])
    func unknownKey(expect: String, mentions: [String]) throws {
        let object = try #require(try JSONValue.parse(Data(expect.utf8)).objectValue)
        #expect(throws: ReplayExpectationError.self) { _ = try ReplayExpectation(object) }
        do {
            _ = try ReplayExpectation(object)
        } catch {
            for text in mentions { #expect("\(error)".contains(text), "\(text) in \(error)") }
        }
    }

    @Test("expect.contentExtension takes show's section's fields (and labels): an unknown key is refused, naming it and the known ones")
    func contentExtensionKeys() throws {
        let section = try SchemaShape.of(ShowReport.ContentExtension.self)
        for key in ReplayContentExpectation.keys where key != "labels" { #expect(section.keys.contains(key), "\(key)") }
        let step = try SchemaShape.of(ShowReport.Step.self)
        for key in ReplayContentExpectation.stepKeys where key != "labels" { #expect(step.keys.contains(key), "\(key)") }
        for (text, mentions) in [
            (#"{"mached": true}"#, ["expect.contentExtension", "mached", "matched, steps"]),
            (#"{"steps": [{"optoin": "dismiss"}]}"#, ["expect.contentExtension.steps[0]", "optoin", "option"]),
        ] {
            let object = try #require(try JSONValue.parse(Data(text.utf8)).objectValue)
            do {
                _ = try ReplayContentExpectation(object)
                Issue.record("\(text) was accepted")
            } catch {
                for mention in mentions { #expect("\(error)".contains(mention), "\(mention) in \(error)") }
            }
        }
    }

    @Test(
        "a value the report's field cannot hold is refused",
        arguments: [
            (#"{"handlerCalls": "one"}"#, "expect.handlerCalls: expected an integer, found a string"),
            (#"{"extension": {"cacheHit": "yes"}}"#, "expect.extension.cacheHit: expected a boolean, found a string"),
            (#"{"attachments": [{"size": "1397"}]}"#, "expect.attachments[0].size: expected an integer, found a string"),
            (#"{"processExit": 0}"#, "expect.processExit: expected a string, found a number"),
        ] as [(String, String)])
    func mismatch(expect: String, message: String) throws {
        let object = try #require(try JSONValue.parse(Data(expect.utf8)).objectValue)
        #expect(throws: ReplayExpectationError.mismatch(message)) { _ = try ReplayExpectation(object) }
    }

    @Test("any other report field can be expected: compared as given, dictionaries by the keys given")
    func otherFields() throws {
        let report = """
            {"outcome": "modified", "handlerCalls": 2, "processExit": "exit 0", "reportVersion": 2,
             "extension": {"library": "/x.so", "cacheHit": true, "buildMs": 3.5, "startMs": null, "buildWarnings": []}}
            """
        #expect(try Self.differences(#"{"handlerCalls": 2, "reportVersion": 2, "extension": {"cacheHit": true}}"#, report: report) == [])
        #expect(
            try Self.differences(#"{"handlerCalls": 1, "processExit": "signal 9", "extension": {"cacheHit": false}}"#, report: report) == [
                "extension.cacheHit: expected false, got true",
                "handlerCalls: expected 1, got 2",
                #"processExit: expected "signal 9", got "exit 0""#,
            ])
        // Every key of an expected attachment is compared, url too.
        #expect(
            try Self.differences(#"{"attachments": [{"url": "file:///store/other.png"}, {}]}"#) == [
                #"attachments[0].url: expected "file:///store/other.png", got "file:///store/kept.png""#
            ])
    }
}
