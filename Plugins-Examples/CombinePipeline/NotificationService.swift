import Combine
import UserNotifications

/// Resolves the sender's display name through a Combine pipeline, as apps that share a
/// Combine-based contacts layer with their extension do: a Future that looks the name up on
/// a background queue, a timeout on the main queue, a fallback, and the result received on
/// the main queue before the content is handed over.
class NotificationService: UNNotificationServiceExtension {
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttemptContent: UNMutableNotificationContent?
    private var cancellables = Set<AnyCancellable>()

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
        let senderID = request.content.userInfo["sender"] as? String ?? "unknown"

        displayName(for: senderID)
            .timeout(.seconds(5), scheduler: DispatchQueue.main)
            .replaceError(with: senderID)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] name in
                guard let self, let content = self.bestAttemptContent else { return }
                content.title = name
                content.threadIdentifier = "chat-\(senderID)"
                self.contentHandler?(content)
            }
            .store(in: &cancellables)
    }

    override func serviceExtensionTimeWillExpire() {
        cancellables.removeAll()
        if let contentHandler = contentHandler, let content = bestAttemptContent {
            contentHandler(content)
        }
    }

    /// The contact's name, looked up off the main queue.
    private func displayName(for senderID: String) -> AnyPublisher<String, Error> {
        Future<String, Error> { promise in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
                promise(.success(senderID.capitalized + " (via Combine)"))
            }
        }
        .eraseToAnyPublisher()
    }
}
