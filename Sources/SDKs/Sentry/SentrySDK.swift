import Foundation

/// Sentry's entry point, its static API as Swift calls it. Events, breadcrumbs and
/// transactions are recorded in nsesim's report (`sdk`), never sent.
open class SentrySDK: NSObject, @unchecked Sendable {
    /// Whether the SDK started with a valid DSN and is enabled.
    public static var isEnabled: Bool { SentryState.shared.isEnabled }

    /// The span bound to the scope (a transaction started with `bindToScope: true`).
    public static var span: (any Span)? { SentryState.shared.scope.span }

    /// Starts the SDK with `options`.
    public static func start(options: Options) { SentryState.shared.start(options) }

    /// Starts the SDK with the options `configureOptions` sets.
    public static func start(configureOptions: (Options) -> Void) {
        let options = Options()
        configureOptions(options)
        start(options: options)
    }

    /// Captures an event.
    @discardableResult
    public static func capture(event: Event) -> SentryId {
        SentryState.shared.capture(event, api: "SentrySDK.capture(event:)")
    }

    /// Captures an event with a scope of its own.
    @discardableResult
    public static func capture(event: Event, scope: Scope) -> SentryId {
        SentryState.shared.capture(event, api: "SentrySDK.capture(event:scope:)") { _ in scope.apply(to: event, options: Options()) }
    }

    /// Captures an event, with changes to the scope for it alone.
    @discardableResult
    public static func capture(event: Event, block: @escaping (Scope) -> Void) -> SentryId {
        SentryState.shared.capture(event, api: "SentrySDK.capture(event:block:)", configure: block)
    }

    /// Captures an error as an error event (its domain and code as the exception).
    @discardableResult
    public static func capture(error: any Error) -> SentryId {
        SentryState.shared.capture(errorEvent(error), api: "SentrySDK.capture(error:)")
    }

    /// Captures an error with a scope of its own.
    @discardableResult
    public static func capture(error: any Error, scope: Scope) -> SentryId {
        let event = errorEvent(error)
        return SentryState.shared.capture(event, api: "SentrySDK.capture(error:scope:)") { _ in scope.apply(to: event, options: Options()) }
    }

    /// Captures an error, with changes to the scope for it alone.
    @discardableResult
    public static func capture(error: any Error, block: @escaping (Scope) -> Void) -> SentryId {
        SentryState.shared.capture(errorEvent(error), api: "SentrySDK.capture(error:block:)", configure: block)
    }

    /// Captures a message as an info event.
    @discardableResult
    public static func capture(message: String) -> SentryId {
        SentryState.shared.capture(messageEvent(message), api: "SentrySDK.capture(message:)")
    }

    /// Captures a message with a scope of its own.
    @discardableResult
    public static func capture(message: String, scope: Scope) -> SentryId {
        let event = messageEvent(message)
        return SentryState.shared.capture(event, api: "SentrySDK.capture(message:scope:)") { _ in scope.apply(to: event, options: Options())
        }
    }

    /// Captures a message, with changes to the scope for it alone.
    @discardableResult
    public static func capture(message: String, block: @escaping (Scope) -> Void) -> SentryId {
        SentryState.shared.capture(messageEvent(message), api: "SentrySDK.capture(message:block:)", configure: block)
    }

    /// Adds a breadcrumb to the scope (through `beforeBreadcrumb`).
    public static func addBreadcrumb(_ crumb: Breadcrumb) { SentryState.shared.addBreadcrumb(crumb) }

    /// Changes the scope every later event gets.
    public static func configureScope(_ callback: (Scope) -> Void) { callback(SentryState.shared.scope) }

    /// Sets the user of later events.
    public static func setUser(_ user: User?) { SentryState.shared.scope.setUser(user) }

    /// Starts a transaction, not bound to the scope.
    public static func startTransaction(name: String, operation: String) -> any Span {
        SentryState.shared.startTransaction(name: name, operation: operation, bindToScope: false)
    }

    /// Starts a transaction, bound to the scope (`SentrySDK.span`) when asked.
    public static func startTransaction(name: String, operation: String, bindToScope: Bool) -> any Span {
        SentryState.shared.startTransaction(name: name, operation: operation, bindToScope: bindToScope)
    }

    /// Waits until what is queued is sent: here at once (nothing is ever sent).
    public static func flush(timeout: TimeInterval) { SentryState.shared.flush(timeout: timeout) }

    /// Closes the SDK.
    public static func close() { SentryState.shared.close() }

    private static func errorEvent(_ error: any Error) -> Event {
        let event = Event(error: error)
        let nsError = error as NSError
        event.exceptions = [Exception(value: "\(nsError.localizedDescription) (Code: \(nsError.code))", type: nsError.domain)]
        event.message = SentryMessage(formatted: nsError.localizedDescription)
        return event
    }

    private static func messageEvent(_ message: String) -> Event {
        let event = Event(level: .info)
        event.message = SentryMessage(formatted: message)
        return event
    }
}
