import Foundation
import NSESimRuntime

/// A timed piece of work in a trace: a transaction (the root) or one of its children.
public protocol Span: AnyObject, Sendable {
    /// The trace it belongs to.
    var traceId: SentryId { get }
    /// Its own identifier.
    var spanId: SpanId { get }
    /// Its parent's identifier (nil for a transaction).
    var parentSpanId: SpanId? { get }
    /// Whether the trace is sent.
    var sampled: SentrySampleDecision { get }
    /// What kind of work ("http.client", "db.query", …).
    var operation: String { get set }
    /// What it did.
    var spanDescription: String? { get set }
    /// How it ended.
    var status: SentrySpanStatus { get set }
    /// When it started.
    var startTimestamp: Date? { get set }
    /// When it finished (nil while running).
    var timestamp: Date? { get set }
    /// Whether it has finished.
    var isFinished: Bool { get }
    /// Its data.
    var data: [String: Any] { get }
    /// Its tags.
    var tags: [String: String] { get }
    /// Starts a child span.
    func startChild(operation: String) -> any Span
    /// Starts a child span with a description.
    func startChild(operation: String, description: String?) -> any Span
    /// Sets a data value.
    func setData(value: Any?, key: String)
    /// Removes a data value.
    func removeData(key: String)
    /// Sets a tag.
    func setTag(value: String, key: String)
    /// Removes a tag.
    func removeTag(key: String)
    /// Finishes it now.
    func finish()
    /// Finishes it now with `status`.
    func finish(status: SentrySpanStatus)
}

/// A child span of a transaction.
class SentrySpan: Span, @unchecked Sendable {
    let lock = NSRecursiveLock()
    let traceId: SentryId
    let spanId = SpanId()
    let parentSpanId: SpanId?
    weak var tracer: SentryTracer?
    private var fields: (operation: String, description: String?, status: SentrySpanStatus, start: Date?, end: Date?) = (
        "", nil, .undefined, Date(), nil
    )
    private var values: [String: Any] = [:]
    private var tagValues: [String: String] = [:]

    init(tracer: SentryTracer?, traceId: SentryId, parent: SpanId?, operation: String, description: String?) {
        self.tracer = tracer
        self.traceId = traceId
        self.parentSpanId = parent
        fields.operation = operation
        fields.description = description
    }

    var sampled: SentrySampleDecision { tracer?.sampled ?? .no }
    var operation: String {
        get { lock.withLock { fields.operation } }
        set { lock.withLock { fields.operation = newValue } }
    }
    var spanDescription: String? {
        get { lock.withLock { fields.description } }
        set { lock.withLock { fields.description = newValue } }
    }
    var status: SentrySpanStatus {
        get { lock.withLock { fields.status } }
        set { lock.withLock { fields.status = newValue } }
    }
    var startTimestamp: Date? {
        get { lock.withLock { fields.start } }
        set { lock.withLock { fields.start = newValue } }
    }
    var timestamp: Date? {
        get { lock.withLock { fields.end } }
        set { lock.withLock { fields.end = newValue } }
    }
    var isFinished: Bool { timestamp != nil }
    var data: [String: Any] { lock.withLock { values } }
    var tags: [String: String] { lock.withLock { tagValues } }

    func startChild(operation: String) -> any Span { startChild(operation: operation, description: nil) }

    func startChild(operation: String, description: String?) -> any Span {
        let child = SentrySpan(
            tracer: tracer ?? (self as? SentryTracer), traceId: traceId, parent: spanId, operation: operation, description: description)
        (tracer ?? (self as? SentryTracer))?.adopt(child)
        return child
    }

    func setData(value: Any?, key: String) { lock.withLock { values[key] = value } }
    func removeData(key: String) { lock.withLock { _ = values.removeValue(forKey: key) } }
    func setTag(value: String, key: String) { lock.withLock { tagValues[key] = value } }
    func removeTag(key: String) { lock.withLock { _ = tagValues.removeValue(forKey: key) } }

    func finish() { finish(status: status == .undefined ? .ok : status) }

    func finish(status: SentrySpanStatus) {
        lock.withLock {
            guard fields.end == nil else { return }
            fields.status = status
            fields.end = Date()
        }
    }

    /// Milliseconds from start to finish (so far, when running).
    var durationMs: Double {
        let start = startTimestamp ?? Date()
        return ((timestamp ?? Date()).timeIntervalSince(start) * 10_000).rounded() / 10
    }

    var json: JSONValue {
        var object: [String: JSONValue] = [
            "op": .string(operation), "span_id": .string(spanId.sentrySpanIdString), "status": .string(status.name),
            "durationMs": .double(durationMs), "finished": .bool(isFinished),
        ]
        if let spanDescription { object["description"] = .string(spanDescription) }
        if let parentSpanId { object["parent_span_id"] = .string(parentSpanId.sentrySpanIdString) }
        if !tags.isEmpty { object["tags"] = .object(tags.mapValues(JSONValue.string)) }
        if !data.isEmpty { object["data"] = JSONValue(foundationLossy: data) }
        return .object(object)
    }
}

/// A transaction: the root span, sent with its children when it finishes (when sampled).
final class SentryTracer: SentrySpan, @unchecked Sendable {
    let name: String
    private let decision: SentrySampleDecision
    private var children: [SentrySpan] = []

    init(name: String, operation: String, sampled: SentrySampleDecision) {
        self.name = name
        decision = sampled
        super.init(tracer: nil, traceId: SentryId(), parent: nil, operation: operation, description: nil)
    }

    override var sampled: SentrySampleDecision { decision }

    func adopt(_ child: SentrySpan) { lock.withLock { children.append(child) } }

    var childSpans: [SentrySpan] { lock.withLock { children } }

    override func finish(status: SentrySpanStatus) {
        guard !isFinished else { return }
        super.finish(status: status)
        SentryState.shared.finished(self)
    }
}
