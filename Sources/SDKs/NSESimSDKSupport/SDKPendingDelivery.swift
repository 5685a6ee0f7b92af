import Foundation

/// The delivery an SDK's service extension has in progress, for its
/// `serviceExtensionTimeWillExpire`: the SDK classes to subclass keep one each.
public final class SDKPendingDelivery: @unchecked Sendable {
    private let lock = NSLock()
    private var delivery: SDKContentDelivery?

    /// None in progress yet.
    public init() {}

    /// Remembers `delivery` as the one in progress.
    public func begin(_ delivery: SDKContentDelivery) {
        lock.withLock { self.delivery = delivery }
    }

    /// Time is up: delivers the content in progress as it is, reporting `summary`; false
    /// when there was none, or it was delivered already.
    @discardableResult
    public func expire(sdk: String, api: String, _ summary: String) -> Bool {
        guard let delivery = lock.withLock({ self.delivery }), !delivery.isDelivered else { return false }
        SDKActivity.record(sdk: sdk, api: api, summary)
        return delivery.deliver()
    }
}
