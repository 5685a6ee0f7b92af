import Foundation
import NSESimRuntime
import NSESimTestSupport
import Testing
@_spi(NSESim) import UserNotifications

@testable import NSESimHost

/// iOS's rule for an empty content (iOS 13.3 and later), as a pure function: filtered with the
/// entitlement, the original delivered with a warning without it, nothing changed otherwise.
@Suite("Notification filtering")
struct NotificationFilteringTests {
    static let original: JSONValue = .object(["title": .string("You won"), "body": .string("Claim it")])

    static func handed(_ content: JSONValue, outcome: Outcome = .modified) -> ExtensionRunResult {
        var result = ExtensionRunResult(outcome: outcome, requestIdentifier: "r-1")
        result.handedContent = content
        result.handlerCalls = 1
        result.timeline = [
            TimelineEvent(tMs: 0, event: .didReceive), TimelineEvent(tMs: 4, event: .contentHandler),
            TimelineEvent(tMs: 4.5, event: .delivered, detail: "the extension's content"),
        ]
        return result
    }

    @Test(
        "Empty is Apple's 'will not visibly alert': no title, subtitle or body; a badge or sound alone does not count",
        arguments: [
            (JSONValue.object([:]), true),
            (.object(["title": .string(""), "subtitle": .string(""), "body": .string("")]), true),
            (.object(["badge": .integer(3), "sound": .object(["name": .string("default")]), "userInfo": .object([:])]), true),
            (.object(["title": .string("x")]), false),
            (.object(["subtitle": .string("x")]), false),
            (.object(["body": .string(" ")]), false),
        ])
    func emptiness(content: JSONValue, empty: Bool) {
        #expect(NotificationFiltering.isEmpty(content) == empty)
    }

    @Test("With the entitlement: outcome filtered, the timeline's delivered becomes filtered, no warning, nothing delivered")
    func entitled() {
        let result = NotificationFiltering.apply(to: Self.handed(.object([:])), original: Self.original, entitled: true)
        #expect(result.outcome == .filtered)
        #expect(result.timeline.map(\.event) == [.didReceive, .contentHandler, .filtered])
        #expect(result.timeline.last?.tMs == 4.5)
        #expect(result.warnings.isEmpty)
        #expect(result.deliveredContent == nil)
        #expect(!result.outcome.deliversExtensionContent && result.outcome.handlerCounted)
    }

    @Test("Without it: the original content is delivered, the outcome stays, the warning names the entitlement")
    func notEntitled() throws {
        let result = NotificationFiltering.apply(
            to: Self.handed(.object([:]), outcome: .bestAttempt), original: Self.original,
            entitled: false)
        #expect(result.outcome == .bestAttempt)
        #expect(result.deliveredContent == Self.original)
        #expect(result.timeline.last?.event == .delivered && result.timeline.last?.detail?.contains("original content") == true)
        let warning = try #require(result.warnings.first)
        #expect(warning.code == .emptyContentNotFiltered && warning.code.rawValue == "empty-content-not-filtered")
        #expect(warning.message.contains(NotificationFiltering.entitlement))
    }

    @Test(
        "A content with text, or an outcome that delivers the original anyway, is left alone",
        arguments: [
            (JSONValue.object(["title": .string("Hi")]), Outcome.modified), (.object([:]), .originalTimeout),
            (.object([:]), .originalCrash), (.object([:]), .killedMemory),
        ])
    func untouched(content: JSONValue, outcome: Outcome) {
        let before = Self.handed(content, outcome: outcome)
        for entitled in [true, false] {
            let after = NotificationFiltering.apply(to: before, original: Self.original, entitled: entitled)
            #expect(after.outcome == before.outcome && after.timeline == before.timeline && after.warnings == before.warnings)
            #expect(after.deliveredContent == nil)
        }
    }

    @Test("The entitlement is read from any .entitlements file in the bundle folder; false, not true, or no file: not entitled")
    func entitlementFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nsesim-filtering-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(!NotificationFiltering.isEntitled(bundle: folder))
        #expect(!NotificationFiltering.isEntitled(bundle: nil))
        func write(_ value: Bool) throws {
            let plist = try PropertyListSerialization.data(
                fromPropertyList: [NotificationFiltering.entitlement: value], format: .xml, options: 0)
            try plist.write(to: folder.appendingPathComponent("NSE.entitlements"))
        }
        try write(false)
        #expect(!NotificationFiltering.isEntitled(bundle: folder))
        try write(true)
        #expect(NotificationFiltering.isEntitled(bundle: folder))
    }
}
