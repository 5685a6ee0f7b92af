import Foundation
import NSESimRuntime
import NSESimSDKSupport

/// The SDK's one hub: the options it started with, the scope, and each envelope Sentry would
/// send, recorded in the report (source `SDK`, `sdk: Sentry`) and never sent.
final class SentryState: @unchecked Sendable {
    static let shared = SentryState()

    private let lock = NSRecursiveLock()
    private var options: Options?
    private(set) var scope = Scope()
    private var recorded = 0

    var isStarted: Bool { lock.withLock { options != nil } }
    var isEnabled: Bool { lock.withLock { options?.isEnabled ?? false } }
    var currentOptions: Options? { lock.withLock { options } }

    func start(_ options: Options) {
        let fields = options.reportFields
        lock.withLock {
            self.options = options
            let fresh = Scope(maxBreadcrumbs: Int(options.maxBreadcrumbs))
            scope = options.initialScope(fresh)
            recorded = 0
        }
        let summary: String
        if let dsn = options.parsedDsn, options.enabled {
            summary =
                "started for project \(dsn.projectID) at \(dsn.url.host ?? "?") (environment \(options.environment)); events are recorded here, never sent"
        } else if let error = options.dsnError {
            summary =
                "started with an invalid DSN (\(error.localizedDescription)): the DSN is nil and the SDK disabled, as Sentry does; nothing is captured"
        } else if !options.enabled {
            summary = "started with enabled = false: nothing is captured"
        } else {
            summary = "started without a DSN: the SDK is disabled, nothing is captured"
        }
        SDKActivity.record(sdk: "Sentry", api: "SentrySDK.start", summary, fields)
        Self.debugLog(options, .debug, summary)
    }

    /// Captures `event` as `api` does: the scope applied (and `configure`'s changes to a copy
    /// of it), `beforeSend`, the sample rate; the envelope recorded.
    func capture(_ event: Event, api: String, configure: ((Scope) -> Void)? = nil) -> SentryId {
        guard let options = currentOptions else {
            SDKActivity.record(sdk: "Sentry", api: api, "dropped: SentrySDK.start was not called", ["dropped": .string("notStarted")])
            return .empty
        }
        guard options.isEnabled else {
            SDKActivity.record(sdk: "Sentry", api: api, "dropped: the SDK is disabled (no valid DSN)", ["dropped": .string("disabled")])
            return .empty
        }
        let eventScope = scope
        if let configure {
            let local = Scope(maxBreadcrumbs: eventScope.maxBreadcrumbs)
            eventScope.apply(to: event, options: options)
            configure(local)
            local.apply(to: event, options: options)
        } else {
            eventScope.apply(to: event, options: options)
        }
        let rate = options.sampleRate?.doubleValue ?? 1
        if rate < 1, Double.random(in: 0..<1) >= rate {
            SDKActivity.record(
                sdk: "Sentry", api: api, "dropped by sampleRate \(rate)",
                ["dropped": .string("sampleRate"), "eventId": .string(event.eventId.sentryIdString)])
            return .empty
        }
        guard let kept = options.beforeSend.map({ $0(event) }) ?? event else {
            SDKActivity.record(
                sdk: "Sentry", api: api, "dropped by beforeSend",
                ["dropped": .string("beforeSend"), "eventId": .string(event.eventId.sentryIdString)])
            return .empty
        }
        let text = kept.message?.formatted ?? kept.exceptions?.first.map { "\($0.type): \($0.value ?? "")" } ?? ""
        var fields: [String: JSONValue] = [
            "eventId": .string(kept.eventId.sentryIdString), "level": .string(kept.level.name), "event": kept.json, "sent": .bool(false),
        ]
        if let endpoint = options.parsedDsn?.getEnvelopeEndpoint() { fields["url"] = .string(endpoint.absoluteString) }
        lock.withLock { recorded += 1 }
        SDKActivity.record(
            sdk: "Sentry", api: api,
            "event \(kept.eventId.sentryIdString.prefix(8))… (\(kept.level.name)) \"\(text)\" with \(kept.breadcrumbs?.count ?? 0) breadcrumbs: recorded, not sent",
            fields)
        Self.debugLog(options, .debug, "Capturing event \(kept.eventId.sentryIdString)")
        return kept.eventId
    }

    func addBreadcrumb(_ crumb: Breadcrumb) {
        guard let options = currentOptions, options.isEnabled else { return }
        guard let kept = options.beforeBreadcrumb.map({ $0(crumb) }) ?? crumb else {
            SDKActivity.record(
                sdk: "Sentry", api: "SentrySDK.addBreadcrumb", "breadcrumb dropped by beforeBreadcrumb",
                ["dropped": .string("beforeBreadcrumb")])
            return
        }
        scope.addBreadcrumb(kept)
        SDKActivity.record(
            sdk: "Sentry", api: "SentrySDK.addBreadcrumb",
            "breadcrumb [\(kept.category)] \(kept.message ?? "") kept for the next event", ["breadcrumb": kept.json])
    }

    func startTransaction(name: String, operation: String, bindToScope: Bool) -> any Span {
        let options = currentOptions
        let rate = options?.tracesSampleRate?.doubleValue
        let sampled: SentrySampleDecision
        if let options, options.isEnabled, let rate, rate > 0, rate >= 1 || Double.random(in: 0..<1) < rate {
            sampled = .yes
        } else {
            sampled = .no
        }
        let tracer = SentryTracer(name: name, operation: operation, sampled: sampled)
        if bindToScope { scope.span = tracer }
        return tracer
    }

    func finished(_ tracer: SentryTracer) {
        if scope.span === tracer { scope.span = nil }
        guard let options = currentOptions else { return }
        let spans = tracer.childSpans
        var fields: [String: JSONValue] = [
            "transaction": .string(tracer.name), "op": .string(tracer.operation), "traceId": .string(tracer.traceId.sentryIdString),
            "durationMs": .double(tracer.durationMs), "status": .string(tracer.status.name), "spans": .array(spans.map(\.json)),
            "sampled": .bool(tracer.sampled == .yes), "sent": .bool(false),
        ]
        guard tracer.sampled == .yes else {
            let why =
                options.tracesSampleRate == nil
                ? "tracesSampleRate is not set" : "not sampled (tracesSampleRate \(options.tracesSampleRate!.doubleValue))"
            fields["dropped"] = .string("notSampled")
            SDKActivity.record(
                sdk: "Sentry", api: "Span.finish", "transaction \(tracer.name) (\(tracer.operation)) finished, not kept: \(why)", fields)
            return
        }
        if let beforeSendSpan = options.beforeSendSpan, beforeSendSpan(tracer) == nil {
            fields["dropped"] = .string("beforeSendSpan")
            SDKActivity.record(sdk: "Sentry", api: "Span.finish", "transaction \(tracer.name) dropped by beforeSendSpan", fields)
            return
        }
        if let endpoint = options.parsedDsn?.getEnvelopeEndpoint() { fields["url"] = .string(endpoint.absoluteString) }
        lock.withLock { recorded += 1 }
        SDKActivity.record(
            sdk: "Sentry", api: "Span.finish",
            String(
                format: "transaction %@ (%@) %.1f ms with %d spans: recorded, not sent", tracer.name, tracer.operation, tracer.durationMs,
                spans.count),
            fields)
    }

    func flush(timeout: TimeInterval) {
        let count = lock.withLock { recorded }
        SDKActivity.record(
            sdk: "Sentry", api: "SentrySDK.flush(timeout:)", "flushed at once: \(count) envelopes recorded, none sent",
            ["timeout": .double(timeout), "envelopes": .integer(Int64(count))])
    }

    func close() {
        let wasStarted = lock.withLock {
            defer { options = nil }
            return options != nil
        }
        if wasStarted { SDKActivity.record(sdk: "Sentry", api: "SentrySDK.close", "closed: the SDK is disabled until started again") }
    }

    /// Sentry's own log line on standard error, when `debug` is on.
    static func debugLog(_ options: Options, _ level: SentryLevel, _ message: String) {
        guard options.debug, level.rawValue >= options.diagnosticLevel.rawValue else { return }
        FileHandle.standardError.write(Data("[Sentry] [\(level.name)] \(message)\n".utf8))
    }
}
