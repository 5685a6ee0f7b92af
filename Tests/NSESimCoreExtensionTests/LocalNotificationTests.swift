import Foundation
import NSESimCenter
import NSESimCore
import NSESimRuntime
import Testing

/// Local notification triggers in a real extension process: Apple's classes, the requests
/// they leave in the app's center, and iOS's exception for a repeating interval under 60 s.
@Suite("Local notifications")
struct LocalNotificationTests {
    @Test("An extension schedules calendar, interval and region requests (CoreLocation); the center has them and fires the region")
    func schedules() async throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nsesim-local-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await runPipeline(
            testExtension("LocalNotifications"), payload: fixturePayload("alert-mutable.json"),
            environment: [NSESimEnvironment.center.name: folder.appendingPathComponent("app.sqlite").path])
        #expect(run.outcome == .modified)
        #expect(run.delivered["body"]?.stringValue == "scheduled; next stand-up weekday 2; interval 600.0; inside true")
        let state = try CenterStore(appFolder: folder).read()
        #expect(state.pending.map(\.identifier) == ["standup-mon", "reply-later", "office"])
        let office = try #require(state.pending.last)
        #expect(office.trigger["type"]?.stringValue == "location" && office.nextDate == nil)
        #expect(office.trigger["region"]?["notifyOnExit"] == .bool(false) && office.trigger["region"]?["radius"]?.numberValue == 200)
        let standup = try #require(state.pending.first)
        #expect(standup.trigger["type"]?.stringValue == "calendar")
        #expect(standup.trigger["dateComponents"]?["timeZone"]?.stringValue == "Europe/Berlin")
        #expect(standup.nextDate != nil && state.pending[1].nextDate != nil)
        // The simulated position reaching the office fires it.
        var moved = state
        let fired = moved.move(to: CenterPosition(latitude: 48.8585, longitude: 2.2950), at: 0).filter { $0.kind == .fired }
        #expect(fired.map { $0.details["identifier"]?.stringValue } == ["office"])
    }

    @Test("A repeating 30 s interval ends the extension with iOS's NSInternalInconsistencyException")
    func refusesShortRepeat() async throws {
        let payload = try inlinePayload(#"{"aps": {"alert": {"title": "T", "body": "B"}, "mutable-content": 1}, "interval": 30}"#)
        let run = try await runPipeline(testExtension("LocalNotifications"), payload: payload)
        #expect(run.outcome == .originalCrash)
        #expect(
            run.result.log.contains("NSInternalInconsistencyException")
                && run.result.log.contains("time interval must be at least 60 if repeating"), "log: \(run.result.log)")
    }
}
