import Combine
import UserNotifications

/// An iOS-style service extension built on Combine: the payload's "unread" count and
/// "sender" go through a CurrentValueSubject, a map, a filter, a zip and a queue hop before the
/// badge and subtitle are set (the Combine sample of this target: compiled in Swift 5 mode,
/// run by CombineBehaviourTests).
class CombineNotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?
    private let queue = DispatchQueue(label: "com.example.nse.combine")
    private var subscriptions: Set<AnyCancellable> = []

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        let unread = CurrentValueSubject<Int, Never>(request.content.userInfo["unread"] as? Int ?? 0)
        let sender = Just(request.content.userInfo["sender"] as? String)
            .compactMap { $0 }
            .map { "From \($0)" }
            .replaceEmpty(with: "From someone")

        unread
            .filter { $0 >= 0 }
            .map { NSNumber(value: $0 + 1) }
            .zip(sender)
            .first()
            .receive(on: queue)
            .sink { [weak self] badge, subtitle in
                guard let self = self, let bestAttemptContent = self.bestAttemptContent else { return }
                bestAttemptContent.badge = badge
                bestAttemptContent.subtitle = subtitle
                contentHandler(bestAttemptContent)
            }
            .store(in: &subscriptions)
    }

    override func serviceExtensionTimeWillExpire() {
        subscriptions.forEach { $0.cancel() }
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
