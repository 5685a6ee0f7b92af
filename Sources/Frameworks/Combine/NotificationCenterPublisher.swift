import Foundation
import OpenCombine

extension NotificationCenter {
    /// `NotificationCenter.default.publisher(for: name)`, as Apple's Combine has it: each
    /// notification of `name` (from `object`, when given) posted while subscribed, as demanded.
    /// (OpenCombineFoundation has it too, but links FoundationNetworking into every extension
    /// that imports Combine.)
    public struct Publisher: OpenCombine.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never

        public let center: NotificationCenter
        public let name: Notification.Name
        public let object: AnyObject?

        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            subscriber.receive(subscription: NotificationSubscription(center: center, name: name, object: object, subscriber: subscriber))
        }
    }

    /// A publisher of the notifications named `name` (from `object`, when given).
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name, object: object)
    }
}

/// One subscriber's observation: notifications beyond its demand are dropped, as Apple's are.
private final class NotificationSubscription<S: Subscriber>: Subscription, @unchecked Sendable
where S.Input == Notification, S.Failure == Never {
    private let lock = NSLock()
    private var subscriber: S?
    private var demand = Subscribers.Demand.none
    private var observer: NSObjectProtocol?
    private let center: NotificationCenter

    init(center: NotificationCenter, name: Notification.Name, object: AnyObject?, subscriber: S) {
        self.center = center
        self.subscriber = subscriber
        observer = center.addObserver(forName: name, object: object, queue: nil) { [weak self] notification in
            self?.deliver(notification)
        }
    }

    private func deliver(_ notification: Notification) {
        lock.lock()
        guard let subscriber, demand > 0 else {
            lock.unlock()
            return
        }
        demand -= 1
        lock.unlock()
        let more = subscriber.receive(notification)
        lock.lock()
        demand += more
        lock.unlock()
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        self.demand += demand
        lock.unlock()
    }

    func cancel() {
        lock.lock()
        let observer = self.observer
        self.observer = nil
        subscriber = nil
        lock.unlock()
        if let observer { center.removeObserver(observer) }
    }

    deinit { cancel() }
}
