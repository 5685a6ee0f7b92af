import UIKit
import UserNotifications
import UserNotificationsUI

/// A content extension without a storyboard (Info.plist: NSExtensionPrincipalClass): the view
/// built in code, one label pinned with Auto Layout, no didReceive(_:completionHandler:) — so
/// every action closes the interface and goes on to the app.
class NotificationViewController: UIViewController, UNNotificationContentExtension {
    let messageLabel = UILabel()

    override func loadView() {
        view = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 120))
        view.backgroundColor = .systemBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        messageLabel.translatesAutoresizingMaskIntoConstraints = false
        messageLabel.numberOfLines = 0
        messageLabel.font = UIFont.preferredFont(forTextStyle: .body)
        view.addSubview(messageLabel)
        NSLayoutConstraint.activate([
            messageLabel.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            messageLabel.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            messageLabel.topAnchor.constraint(equalTo: view.topAnchor, constant: 12),
            messageLabel.bottomAnchor.constraint(lessThanOrEqualTo: view.bottomAnchor, constant: -12),
        ])
    }

    func didReceive(_ notification: UNNotification) {
        let content = notification.request.content
        messageLabel.text = "\(content.title): \(content.body)"
    }
}
