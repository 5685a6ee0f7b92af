import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimPayload

/// docs/behaviour.md#the-invocation-gate: when iOS invokes the extension.
@Suite("Invocation gate")
struct GateTests {
    /// The reason must be there, non-empty, and mention each of `words`.
    func expectNotInvoked(
        _ parsed: ParsedPayload, mentioning words: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!parsed.gate.invoked, sourceLocation: sourceLocation)
        guard let reason = parsed.gate.notInvokedReason else {
            Issue.record("no notInvokedReason", sourceLocation: sourceLocation)
            return
        }
        #expect(!reason.isEmpty, sourceLocation: sourceLocation)
        for word in words {
            #expect(reason.contains(word), "reason \"\(reason)\" does not mention \(word)", sourceLocation: sourceLocation)
        }
    }

    @Test("mutable-content number 1 with an alert: invoked")
    func numberOne() throws {
        let parsed = try parseFixture("alert-mutable.json")
        #expect(parsed.gate == .invoke)
        #expect(parsed.gate.notInvokedReason == nil)
        #expect(parsed.mutableContent == .number(1))
    }

    @Test("mutable-content 1.0 is the number 1")
    func numberOnePointZero() throws {
        let parsed = try parse(#"{"aps":{"alert":"x","mutable-content":1.0}}"#)
        #expect(parsed.gate.invoked)
    }

    @Test("mutable-content \"1\": not invoked, with a lint warning that says why")
    func stringOne() throws {
        let parsed = try parseFixture("mutable-content-string.json")
        expectNotInvoked(parsed, mentioning: ["mutable-content", "\"1\"", "--lenient-mutable-content"])
        #expect(parsed.mutableContent == .string("1"))
        let warning = try #require(parsed.warnings.first { $0.code == .mutableContentNotNumber })
        #expect(warning.key == "aps.mutable-content")
        #expect(warning.message.contains("number 1"))
    }

    @Test("mutable-content true: not invoked, with a lint warning that says why")
    func boolTrue() throws {
        let parsed = try parseFixture("mutable-content-true.json")
        expectNotInvoked(parsed, mentioning: ["mutable-content", "true", "--lenient-mutable-content"])
        #expect(parsed.mutableContent == .bool(true))
        let warning = try #require(parsed.warnings.first { $0.code == .mutableContentNotNumber })
        #expect(warning.message.contains("true"))
    }

    @Test(
        "--lenient-mutable-content accepts \"1\" and true, still with the warning",
        arguments: ["mutable-content-string.json", "mutable-content-true.json"])
    func lenient(fixture: String) throws {
        let parsed = try parseFixture(fixture, options(lenient: true))
        #expect(parsed.gate.invoked)
        #expect(parsed.gate.notInvokedReason == nil)
        #expect(parsed.warningCodes.contains(.mutableContentNotNumber))
    }

    @Test(
        "lenient mode does not accept other strings, false or 0",
        arguments: [
            #""0""#, #""yes""#, "false", "0", "2",
        ])
    func lenientRefusesOthers(value: String) throws {
        let parsed = try parse(#"{"aps":{"alert":"x","mutable-content":\#(value)}}"#, options(lenient: true))
        expectNotInvoked(parsed, mentioning: ["mutable-content"])
    }

    @Test("mutable-content missing: not invoked")
    func missing() throws {
        let parsed = try parse(#"{"aps":{"alert":{"title":"Hi","body":"there"}}}"#)
        expectNotInvoked(parsed, mentioning: ["mutable-content", "missing"])
        #expect(parsed.mutableContent == .absent)
    }

    @Test("mutable-content 0: not invoked")
    func zero() throws {
        let parsed = try parse(#"{"aps":{"alert":"x","mutable-content":0}}"#)
        expectNotInvoked(parsed, mentioning: ["mutable-content", "0"])
        #expect(!parsed.warningCodes.contains(.mutableContentNotNumber))
    }

    @Test("mutable-content 1 but no alert: not invoked")
    func alertMissing() throws {
        let parsed = try parse(#"{"aps":{"mutable-content":1}}"#)
        expectNotInvoked(parsed, mentioning: ["alert"])
    }

    @Test("mutable-content 1 with an empty alert dictionary: not invoked, and a warning")
    func alertEmpty() throws {
        let parsed = try parse(#"{"aps":{"mutable-content":1,"alert":{"launch-image":"L.png"}}}"#)
        expectNotInvoked(parsed, mentioning: ["alert"])
        #expect(parsed.warningCodes.contains(.alertWithoutText))
    }

    @Test("a subtitle alone is enough to show an alert")
    func subtitleOnly() throws {
        let parsed = try parse(#"{"aps":{"mutable-content":1,"alert":{"subtitle":"s"}}}"#)
        #expect(parsed.gate.invoked)
    }

    @Test("silent push (content-available only): not invoked")
    func silent() throws {
        let parsed = try parseFixture("silent.json")
        expectNotInvoked(parsed, mentioning: ["mutable-content"])
        #expect(parsed.content.title.isEmpty && parsed.content.body.isEmpty)

        let flagged = try parse(#"{"aps":{"content-available":1,"mutable-content":1}}"#)
        expectNotInvoked(flagged, mentioning: ["silent"])
    }

    @Test("badge-only: not invoked")
    func badgeOnly() throws {
        let parsed = try parseFixture("badge-only.json")
        expectNotInvoked(parsed, mentioning: ["no alert", "badge-only"])
        #expect(parsed.content.badge == NSNumber(value: 7))
    }

    @Test("sound-only: not invoked")
    func soundOnly() throws {
        let parsed = try parseFixture("sound-only.json")
        expectNotInvoked(parsed, mentioning: ["no alert", "sound-only"])
    }

    @Test("background and voip pushes: not invoked", arguments: [PushType.background, .voip, .liveactivity])
    func nonAlertPushTypes(pushType: PushType) throws {
        let parsed = try parseFixture("alert-mutable.json", options(pushType: pushType))
        expectNotInvoked(parsed, mentioning: [pushType.rawValue, "alert"])
    }

    @Test("the gate on its own: the push type is checked before mutable-content and the alert")
    func gateOrder() {
        let decision = InvocationGate.decide(
            pushType: .background, mutableContent: .absent, showsAlert: false,
            lenientMutableContent: false)
        #expect(decision.notInvokedReason?.contains("background") == true)
        #expect(
            InvocationGate.decide(
                pushType: .alert, mutableContent: .number(1), showsAlert: true,
                lenientMutableContent: false) == .invoke)
        #expect(
            InvocationGate.decide(
                pushType: .alert, mutableContent: .string(" 1 "), showsAlert: true,
                lenientMutableContent: true) == .invoke)
    }

    @Test("the original content is what the request carries when not invoked")
    func notInvokedKeepsContent() throws {
        let parsed = try parseFixture("mutable-content-string.json")
        #expect(parsed.content.body == "Mutable content as a string")
    }
}
