import UIKit
import UserNotifications
import UserNotificationsUI

/// A content extension that sizes itself, as many do: the Info.plist's ratio (0.5) gives the first
/// height; didReceive(_:) sets preferredContentSize from the message's length, and an action
/// makes it taller while the interface stays.
class NotificationViewController: UIViewController, UNNotificationContentExtension {
    let messageLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        messageLabel.translatesAutoresizingMaskIntoConstraints = false
        messageLabel.numberOfLines = 0
        view.addSubview(messageLabel)
        NSLayoutConstraint.activate([
            messageLabel.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            messageLabel.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            messageLabel.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -8),
        ])
    }

    func didReceive(_ notification: UNNotification) {
        messageLabel.text = notification.request.content.body
        preferredContentSize = CGSize(width: view.bounds.width, height: 120)
    }

    func didReceive(_ response: UNNotificationResponse,
                    completionHandler completion: @escaping (UNNotificationContentExtensionResponseOption) -> Void) {
        preferredContentSize = CGSize(width: view.bounds.width, height: 200)
        completion(.doNotDismiss)
    }
}
