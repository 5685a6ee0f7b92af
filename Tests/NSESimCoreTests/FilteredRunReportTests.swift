import Foundation
import NSESimHost
import NSESimPayload
import NSESimRuntime
import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimCore

/// A filtered run as the report and the text show it; the rule itself is tested
/// in NSESimHostTests (NotificationFilteringTests).
@Suite("Filtered runs in the report")
struct FilteredRunReportTests {
    static func handed(_ content: JSONValue) -> ExtensionRunResult {
        var result = ExtensionRunResult(outcome: .modified, requestIdentifier: "r-1")
        result.handedContent = content
        result.handlerCalls = 1
        result.timeline = [
            TimelineEvent(tMs: 0, event: .didReceive), TimelineEvent(tMs: 4, event: .contentHandler),
            TimelineEvent(tMs: 4.5, event: .delivered, detail: "the extension's content"),
        ]
        return result
    }

    @Test("A filtered run delivers nothing: null content, no center entry, the text says so")
    func filteredRun() throws {
        let payload = try parseFixture("alert-mutable.json")
        let result = NotificationFiltering.apply(to: Self.handed(.object([:])), original: payload.request.content.jsonValue, entitled: true)
        let run = NotificationRun(payload: payload, extensionResult: result, built: nil)
        #expect(run.deliveredContent == .null)
        #expect(run.jsonValue["delivered"] == JSONValue.null && run.jsonValue["outcome"] == JSONValue.string("filtered"))
        #expect(run.jsonValue["attachments"]?.arrayValue?.isEmpty == true)
        #expect(run.text.contains("Outcome   filtered: the extension handed an empty content and has the filtering entitlement"))
    }
}
