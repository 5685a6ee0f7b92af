import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimCore

/// The result of `nsesim lint`: the report's vocabulary (docs/behaviour.md#the-report).
@Suite("Lint report")
struct ReportTests {
    @Test("JSON: request, invoked, notInvokedReason, warnings")
    func jsonShape() throws {
        let parsed = try parseFixture("mutable-content-string.json", options(collapseID: "c-1"))
        let json = try #require(parsed.jsonValue.objectValue)
        #expect(json["invoked"] == .bool(false))
        #expect(json["notInvokedReason"]?.stringValue?.isEmpty == false)
        let warnings = try #require(json["warnings"]?.arrayValue)
        #expect(warnings.first?["code"] == .string("mutable-content-not-number"))
        #expect(warnings.first?["key"] == .string("aps.mutable-content"))
        let request = try #require(json["request"]?.objectValue)
        #expect(request["identifier"] == .string("c-1"))
        #expect(request["collapseID"] == .string("c-1"))
        #expect(request["pushType"] == .string("alert"))
        #expect(request["trigger"]?["type"] == .string("push"))
        #expect(request["content"]?["body"] == .string("Mutable content as a string"))
        #expect(request["content"] == parsed.content.jsonValue)
    }

    @Test("JSON of an invoked payload: notInvokedReason is null")
    func jsonInvoked() throws {
        let json = try parseFixture("simulator.apns").jsonValue
        #expect(json["invoked"] == .bool(true))
        #expect(json["notInvokedReason"] == .null)
        #expect(json["warnings"] == .array([]))
        #expect(json["bundleIdentifier"] == .string("com.example.nsesim-demo"))
    }

    @Test("text: content rows, the gate and the warnings")
    func text() throws {
        let parsed = try parseFixture("lint-warnings.json")
        let text = parsed.text
        #expect(text.contains("body"))
        #expect(text.contains("\"Several mistakes servers make\""))
        #expect(text.contains("Extension invoked: no"))
        #expect(text.contains("Warnings (4)"))
        #expect(text.contains("aps.mutable_content"))

        let invoked = try parseFixture("critical-sound.json").text
        #expect(invoked.contains("Extension invoked: yes"))
        #expect(invoked.contains("alarm.caf (critical, volume 0.8)"))
        #expect(invoked.contains("Warnings: none"))
    }
}
