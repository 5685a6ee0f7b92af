import UserNotifications

/// One notification's content and content handler as an SDK's helper holds them between
/// `didReceive` and the handler call: the content is changed by one download thread at a
/// time and handed over once, whichever of the download and `timeWillExpire` comes first.
///
/// `@unchecked Sendable`: the content and the handler are not Sendable (Apple's are not
/// either); every access to `delivered` is under the lock, and the content is only mutated
/// before `deliver` by the one thread that downloads.
public final class SDKContentDelivery: @unchecked Sendable {
    /// The content to deliver (the SDK's best attempt).
    public let content: UNMutableNotificationContent
    private let handler: (UNNotificationContent) -> Void
    private let lock = NSLock()
    private var delivered = false

    /// `content` to hand to `handler` once.
    public init(content: UNMutableNotificationContent, handler: @escaping (UNNotificationContent) -> Void) {
        self.content = content
        self.handler = handler
    }

    /// Whether the content was handed over already.
    public var isDelivered: Bool { lock.withLock { delivered } }

    /// Hands the content to the handler; the SDKs' helpers call it once, later calls do
    /// nothing and say so (false).
    @discardableResult
    public func deliver() -> Bool {
        let first = lock.withLock {
            defer { delivered = true }
            return !delivered
        }
        if first { handler(content) }
        return first
    }
}
