import Foundation
import Sentry
import Testing
import UserNotifications

/// Sentry's stand-in (one SDK per process, so the tests run one at a time): the DSN read as
/// Sentry reads it, captures that return IDs when enabled and the empty ID when not,
/// `beforeSend`, the scope, spans.
@Suite(.serialized) struct SentryBehaviourTests {
    static let dsn = "https://examplePublicKey@o0.ingest.sentry.io/4505"

    func deliver(_ service: SentryNotificationService) async -> UNNotificationContent {
        await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(UNNotificationRequest(identifier: "n-1", content: UNMutableNotificationContent(), trigger: nil)) {
                continuation.resume(returning: $0)
            }
        }
    }

    @Test func sampleCapturesWithAValidDSN() async {
        SentryNotificationService.start(dsn: Self.dsn)
        #expect(SentrySDK.isEnabled)
        let service = SentryNotificationService()
        let delivered = await deliver(service)
        #expect(delivered.subtitle == "bound")
        #expect(service.captured.count == 2)
        #expect(service.captured.allSatisfy { $0 != SentryId.empty && $0.sentryIdString.count == 32 })
        #expect(SentrySDK.span == nil)  // finished, no longer bound
        SentrySDK.close()
        #expect(!SentrySDK.isEnabled)
    }

    @Test func beforeSendCanDropEvents() async {
        SentryNotificationService.start(dsn: Self.dsn, dropMessages: true)
        let service = SentryNotificationService()
        _ = await deliver(service)
        #expect(service.captured[0] != SentryId.empty)  // the error
        #expect(service.captured[1] == SentryId.empty)  // the message, dropped
        SentrySDK.close()
    }

    @Test(arguments: [
        ("not a dsn", "URL scheme of DSN is missing"),
        ("ftp://key@o0.ingest.sentry.io/1", "Unrecognized URL scheme in DSN"),
        ("https://o0.ingest.sentry.io/1", "User component of DSN is missing"),
        ("https://key@o0.ingest.sentry.io", "Project ID path component of DSN is missing"),
    ])
    func malformedDSNDisablesTheSDK(_ dsn: String, _ reason: String) async throws {
        do {
            _ = try SentryDsn(string: dsn)
            Issue.record("\(dsn) parsed")
        } catch let error as NSError {
            #expect(error.domain == "SentryErrorDomain")
            #expect(error.code == 100)
            #expect(error.localizedDescription == reason)
        }
        let options = Options()
        options.dsn = dsn
        #expect(options.dsn == nil)  // Sentry keeps no DSN it cannot parse
        SentryNotificationService.start(dsn: dsn)
        #expect(!SentrySDK.isEnabled)
        let service = SentryNotificationService()
        _ = await deliver(service)
        #expect(service.captured.allSatisfy { $0 == SentryId.empty })
        SentrySDK.close()
    }

    @Test func dsnGivesTheEnvelopeEndpoint() throws {
        let dsn = try SentryDsn(string: "https://key@sentry.example.com:9000/sub/42")
        #expect(dsn.getEnvelopeEndpoint().absoluteString == "https://sentry.example.com:9000/sub/api/42/envelope/")
        #expect(try SentryDsn(string: Self.dsn).getEnvelopeEndpoint().absoluteString == "https://o0.ingest.sentry.io/api/4505/envelope/")
    }

    @Test func capturesBeforeStartAreDropped() {
        SentrySDK.close()
        #expect(SentrySDK.capture(message: "too early") == SentryId.empty)
        #expect(SentryLevel.error.rawValue == 4)
        #expect(SentryId(uuidString: "12345678-1234-1234-1234-123456789ABC").sentryIdString == "12345678123412341234123456789abc")
    }
}
