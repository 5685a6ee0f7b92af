import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimPayload

/// docs/behaviour.md#lint: lint warnings, never fatal.
@Suite("Lint warnings")
struct LintTests {
    @Test("a custom key inside aps")
    func customKeyInAps() throws {
        let parsed = try parse(#"{"aps":{"alert":"x","mutable-content":1,"image-url":"https://e.com/a.jpg"}}"#)
        let warning = try #require(parsed.warnings.first)
        #expect(parsed.warnings.count == 1)
        #expect(warning.code == .customKeyInAps)
        #expect(warning.key == "aps.image-url")
        #expect(warning.message.contains("beside aps"))
        #expect(parsed.gate.invoked)
        // The key stays where the server put it: userInfo is the payload as sent.
        #expect((parsed.content.userInfo["aps"] as? [String: Any])?["image-url"] as? String == "https://e.com/a.jpg")
    }

    @Test("a push SDK's own key inside aps (Pushwoosh's pw_badge): still the warning, saying whose key it is")
    func vendorKeyInAps() throws {
        let parsed = try parse(#"{"aps":{"alert":"x","mutable-content":1,"pw_badge":"+1"},"pw_msg":"1"}"#)
        let warning = try #require(parsed.warnings.first)
        #expect(warning.code == .customKeyInAps && warning.key == "aps.pw_badge")
        #expect(warning.message.contains("Pushwoosh's badge change"), "\(warning.message)")
    }

    @Test("mutable_content (FCM spelling) is not mutable-content")
    func mutableContentUnderscore() throws {
        let parsed = try parse(#"{"aps":{"alert":"x","mutable_content":1}}"#)
        #expect(parsed.warningCodes == [.mutableContentUnderscore])
        #expect(parsed.warnings.first?.key == "aps.mutable_content")
        #expect(parsed.warnings.first?.message.contains("mutable-content") == true)
        #expect(!parsed.gate.invoked)
        #expect(parsed.gate.notInvokedReason?.contains("missing") == true)
    }

    @Test("mutable-content as a string or true", arguments: [#""1""#, "true", #""yes""#])
    func mutableContentNotNumber(value: String) throws {
        let parsed = try parse(#"{"aps":{"alert":"x","mutable-content":\#(value)}}"#)
        #expect(parsed.warningCodes == [.mutableContentNotNumber])
    }

    @Test("mutable-content false or 0 is no warning", arguments: ["false", "0"])
    func mutableContentOff(value: String) throws {
        let parsed = try parse(#"{"aps":{"alert":"x","mutable-content":\#(value)}}"#)
        #expect(!parsed.warningCodes.contains(.mutableContentNotNumber))
    }

    @Test("content-available as a string")
    func contentAvailableNotNumber() throws {
        let parsed = try parse(#"{"aps":{"content-available":"1"}}"#)
        #expect(parsed.warningCodes == [.contentAvailableNotNumber])
    }

    @Test("an alert dictionary with no title, subtitle or body")
    func alertWithoutText() throws {
        let parsed = try parse(#"{"aps":{"alert":{},"mutable-content":1}}"#)
        #expect(parsed.warningCodes == [.alertWithoutText])
        #expect(parsed.warnings.first?.key == "aps.alert")
    }

    @Test("an unknown key inside the alert")
    func unknownAlertKey() throws {
        let parsed = try parse(#"{"aps":{"alert":{"body":"x","image":"a.jpg"}}}"#)
        #expect(parsed.warningCodes == [.unknownAlertKey])
        #expect(parsed.warnings.first?.key == "aps.alert.image")
    }

    @Test("relevance-score outside 0...1 is clamped with a warning", arguments: [(1.5, 1.0), (-0.5, 0.0), (3.0, 1.0)])
    func relevanceScoreOutOfRange(score: Double, clamped: Double) throws {
        let parsed = try parse(#"{"aps":{"alert":"x","relevance-score":\#(score)}}"#)
        #expect(parsed.warningCodes == [.relevanceScoreOutOfRange])
        #expect(parsed.warnings.first?.key == "aps.relevance-score")
        #expect(parsed.content.relevanceScore == clamped)
    }

    @Test(
        "an unknown interruption level is a warning; iOS uses active",
        arguments: ["urgent", "timeSensitive", "Critical", ""])
    func unknownInterruptionLevel(level: String) throws {
        let parsed = try parse(#"{"aps":{"alert":"x","interruption-level":"\#(level)"}}"#)
        #expect(parsed.warningCodes == [.unknownInterruptionLevel])
        #expect(parsed.warnings.first?.message.contains("\"\(level)\"") == true)
        #expect(parsed.content.interruptionLevel == .active)
    }

    @Test("voip payload over 4096 bytes is accepted up to 5120 with a warning")
    func voipOver4KB() throws {
        let parsed = try parse(paddedPayload(size: 4097), options(pushType: .voip))
        #expect(parsed.size == 4097)
        #expect(parsed.sizeLimit == 5120)
        #expect(parsed.warningCodes == [.payloadOver4KB])
        #expect(parsed.warnings.first?.message.contains("4097") == true)

        let small = try parse(paddedPayload(size: 4096), options(pushType: .voip))
        #expect(small.warnings.isEmpty)
    }

    @Test("every warning of the fixture with several mistakes, none fatal")
    func severalWarnings() throws {
        let parsed = try parseFixture("lint-warnings.json")
        #expect(
            Set(parsed.warningCodes) == [
                .mutableContentUnderscore, .customKeyInAps, .unknownInterruptionLevel,
                .relevanceScoreOutOfRange,
            ])
        #expect(parsed.warnings.count == 4)
        #expect(parsed.content.body == "Several mistakes servers make")
    }

    @Test("Live Activity and other valid aps keys are not custom keys")
    func validApsKeys() throws {
        let parsed = try parse(#"{"aps":{"alert":"x","timestamp":1,"event":"update","content-state":{},"stale-date":2}}"#)
        #expect(parsed.warnings.isEmpty)
    }

    @Test(
        "clean fixtures have no warnings",
        arguments: [
            "alert-mutable.json", "alert-string.json", "image-url.json", "critical-sound.json", "time-sensitive.json",
            "silent.json", "badge-only.json", "sound-only.json", "simulator.apns", "launch-image-summary.json",
        ])
    func cleanFixtures(fixture: String) throws {
        let parsed = try parseFixture(fixture)
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
    }

    @Test("a warning describes itself with key, message and code")
    func warningDescription() {
        let warning = LintWarning(.customKeyInAps, key: "aps.x", "message")
        #expect(warning.description == "aps.x: message [custom-key-in-aps]")
    }
}
