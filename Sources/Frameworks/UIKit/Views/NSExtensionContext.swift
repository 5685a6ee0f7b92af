import Foundation

/// The host's side of an app extension's request (Foundation's on iOS; Linux's Foundation lacks
/// it). A content extension's view controller gets one from nsesim through `extensionContext`;
/// UserNotificationsUI adds the notification members (`notificationActions`,
/// `performNotificationDefaultAction()`…) on top of the storage here.
open class NSExtensionContext: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Any] = [:]
    private var handler: (@Sendable (String, Any?) -> Void)?
    private var items: [Any] = []

    /// nsesim's context: made by the extension host.
    @_spi(NSESim) public override init() {
        super.init()
    }

    /// The items the host gave the extension (none for a notification content extension).
    open var inputItems: [Any] {
        lock.withLock { items }
    }

    /// Ends the request with items for the host (recorded as `"completeRequest"`); the completion gets true.
    open func completeRequest(returningItems items: [Any]?, completionHandler: ((Bool) -> Void)? = nil) {
        _nsesimSetValue(items ?? [], forKey: "completeRequest")
        completionHandler?(true)
    }

    /// Cancels the request with an error (recorded as `"cancelRequest"`).
    open func cancelRequest(withError error: any Error) {
        _nsesimSetValue(error, forKey: "cancelRequest")
    }

    /// Asks the host to open a URL (recorded as `"openURL"`); the completion gets true.
    open func open(_ URL: URL, completionHandler: ((Bool) -> Void)? = nil) {
        _nsesimSetValue(URL, forKey: "openURL")
        completionHandler?(true)
    }

    /// The value stored for `key`.
    @_spi(NSESim) public func _nsesimValue(forKey key: String) -> Any? {
        lock.withLock { values[key] }
    }

    /// Stores a value (nil removes it), then calls `_nsesimHandler` with the key and value.
    @_spi(NSESim) public func _nsesimSetValue(_ value: Any?, forKey key: String) {
        let handler = lock.withLock {
            values[key] = value
            return self.handler
        }
        handler?(key, value)
    }

    /// Called after each `_nsesimSetValue(_:forKey:)` (and so for each request method), outside the lock.
    @_spi(NSESim) public var _nsesimHandler: (@Sendable (String, Any?) -> Void)? {
        get { lock.withLock { handler } }
        set { lock.withLock { handler = newValue } }
    }

    /// Sets `inputItems`.
    @_spi(NSESim) public func _nsesimSetInputItems(_ inputItems: [Any]) {
        lock.withLock { items = inputItems }
    }
}
