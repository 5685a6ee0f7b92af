import Foundation

/// What the SDK adds to every event: tags, extras, contexts, the user, the level, breadcrumbs,
/// the span bound to it.
open class Scope: NSObject, @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var tags: [String: String] = [:]
    private var extras: [String: Any] = [:]
    private var contexts: [String: [String: Any]] = [:]
    private var currentUser: User?
    private var level: SentryLevel?
    private var environment: String?
    private var dist: String?
    private var fingerprint: [String] = []
    private var crumbs: [Breadcrumb] = []
    private var boundSpan: (any Span)?
    var maxBreadcrumbs: Int

    /// A scope keeping at most `maxBreadcrumbs` breadcrumbs.
    public init(maxBreadcrumbs: Int) {
        self.maxBreadcrumbs = maxBreadcrumbs
        super.init()
    }

    /// A scope keeping 100 breadcrumbs.
    public override convenience init() { self.init(maxBreadcrumbs: 100) }

    /// Sets a tag.
    open func setTag(value: String, key: String) { lock.withLock { tags[key] = value } }
    /// Removes a tag.
    open func removeTag(key: String) { lock.withLock { _ = tags.removeValue(forKey: key) } }
    /// Replaces the tags.
    open func setTags(_ tags: [String: String]?) { lock.withLock { self.tags = tags ?? [:] } }
    /// Sets an extra value (nil removes it).
    open func setExtra(value: Any?, key: String) { lock.withLock { extras[key] = value } }
    /// Removes an extra value.
    open func removeExtra(key: String) { lock.withLock { _ = extras.removeValue(forKey: key) } }
    /// Replaces the extras.
    open func setExtras(_ extras: [String: Any]?) { lock.withLock { self.extras = extras ?? [:] } }
    /// Sets a context.
    open func setContext(value: [String: Any], key: String) { lock.withLock { contexts[key] = value } }
    /// Removes a context.
    open func removeContext(key: String) { lock.withLock { _ = contexts.removeValue(forKey: key) } }
    /// Sets the user (nil removes it).
    open func setUser(_ user: User?) { lock.withLock { currentUser = user } }
    /// Sets the level every event gets (nil: each event's own).
    open func setLevel(_ level: SentryLevel?) { lock.withLock { self.level = level } }
    /// Sets the environment.
    open func setEnvironment(_ environment: String?) { lock.withLock { self.environment = environment } }
    /// Sets the distribution.
    open func setDist(_ dist: String?) { lock.withLock { self.dist = dist } }
    /// Sets the grouping fingerprint.
    open func setFingerprint(_ fingerprint: [String]?) { lock.withLock { self.fingerprint = fingerprint ?? [] } }
    /// Adds a breadcrumb (the oldest goes beyond `maxBreadcrumbs`).
    open func addBreadcrumb(_ crumb: Breadcrumb) {
        lock.withLock {
            guard maxBreadcrumbs > 0 else { return }
            crumbs.append(crumb)
            if crumbs.count > maxBreadcrumbs { crumbs.removeFirst(crumbs.count - maxBreadcrumbs) }
        }
    }
    /// Removes the breadcrumbs.
    open func clearBreadcrumbs() { lock.withLock { crumbs.removeAll() } }
    /// Removes everything.
    open func clear() {
        lock.withLock {
            tags = [:]
            extras = [:]
            contexts = [:]
            currentUser = nil
            level = nil
            environment = nil
            dist = nil
            fingerprint = []
            crumbs = []
            boundSpan = nil
        }
    }

    /// The span bound to the scope.
    open var span: (any Span)? {
        get { lock.withLock { boundSpan } }
        set { lock.withLock { boundSpan = newValue } }
    }

    var user: User? { lock.withLock { currentUser } }
    var breadcrumbs: [Breadcrumb] { lock.withLock { crumbs } }

    /// Puts the scope's fields into `event` (the event's own win, as Sentry merges them).
    func apply(to event: Event, options: Options) {
        lock.withLock {
            if !tags.isEmpty { event.tags = tags.merging(event.tags ?? [:]) { $1 } }
            if !extras.isEmpty { event.extra = extras.merging(event.extra ?? [:]) { $1 } }
            if !contexts.isEmpty { event.context = contexts.merging(event.context ?? [:]) { $1 } }
            if event.user == nil { event.user = currentUser }
            if let level { event.level = level }
            if !fingerprint.isEmpty, event.fingerprint == nil { event.fingerprint = fingerprint }
            if event.breadcrumbs == nil, !crumbs.isEmpty { event.breadcrumbs = crumbs }
            if let tracer = boundSpan as? SentryTracer, event.transaction == nil { event.transaction = tracer.name }
            event.environment = event.environment ?? environment ?? options.environment
            event.dist = event.dist ?? dist ?? options.dist
            event.releaseName = event.releaseName ?? options.releaseName
        }
    }
}
