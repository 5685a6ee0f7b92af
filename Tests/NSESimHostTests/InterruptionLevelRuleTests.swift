import NSESimRuntime
import NSESimTestSupport
import Testing

@testable import NSESimHost

/// time-sensitive and critical need their entitlements; without them iOS shows the
/// notification as active.
@Suite("Interruption levels and their entitlements")
struct InterruptionLevelRuleTests {
    static func content(_ level: String) -> JSONValue {
        .object(["title": .string("Ride"), "interruptionLevel": .string(level)])
    }

    @Test(
        "Not entitled: timeSensitive and critical become active, with a warning naming the entitlement",
        arguments: [
            ("timeSensitive", "com.apple.developer.usernotifications.time-sensitive"),
            ("critical", "com.apple.developer.usernotifications.critical-alerts"),
        ])
    func lowered(level: String, entitlement: String) throws {
        let (shown, warning) = InterruptionLevelRule.apply(to: Self.content(level)) { _ in false }
        #expect(shown["interruptionLevel"] == .string("active") && shown["title"] == .string("Ride"))
        let found = try #require(warning)
        #expect(found.code.rawValue == "interruption-level-not-entitled" && found.message.contains(entitlement))
    }

    @Test(
        "Entitled, or a level that needs nothing (passive, active, none): unchanged, no warning",
        arguments: ["timeSensitive", "critical", "passive", "active"])
    func unchanged(level: String) {
        let entitled = InterruptionLevelRule.apply(to: Self.content(level)) { _ in true }
        #expect(entitled.content == Self.content(level) && entitled.warning == nil)
        if level == "passive" || level == "active" {
            #expect(InterruptionLevelRule.apply(to: Self.content(level)) { _ in false }.warning == nil)
        }
        #expect(InterruptionLevelRule.apply(to: .object([:])) { _ in false }.warning == nil)
    }

    @Test("Critical needs the critical-alerts entitlement even when time-sensitive is granted")
    func separateEntitlements() {
        let granted = "com.apple.developer.usernotifications.time-sensitive"
        #expect(InterruptionLevelRule.apply(to: Self.content("critical")) { $0 == granted }.warning != nil)
        #expect(InterruptionLevelRule.apply(to: Self.content("timeSensitive")) { $0 == granted }.warning == nil)
    }

    @Test("On a run: only when the extension's content counts; the delivered content changes, the handed one stays")
    func onRun() {
        var result = ExtensionRunResult(outcome: .modified, requestIdentifier: "r")
        result.handedContent = Self.content("critical")
        let lowered = InterruptionLevelRule.apply(to: result) { _ in false }
        #expect(lowered.deliveredContent?["interruptionLevel"] == .string("active"))
        #expect(lowered.handedContent == Self.content("critical") && lowered.warnings.count == 1)
        result.outcome = .originalTimeout
        #expect(InterruptionLevelRule.apply(to: result) { _ in false }.deliveredContent == nil)
    }
}
