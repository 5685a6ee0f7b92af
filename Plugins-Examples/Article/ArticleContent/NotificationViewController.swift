import UIKit
import UserNotifications
import UserNotificationsUI

/// The content extension of the pair, as Xcode's template and the articles about rich
/// notifications write one: the storyboard's labels and image view filled from the
/// notification, a status line added in code, three actions (like, reply with text, save for
/// later) and a media play button over the picture.
class NotificationViewController: UIViewController, UNNotificationContentExtension {
    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet weak var subtitleLabel: UILabel!
    @IBOutlet weak var bodyLabel: UILabel!
    @IBOutlet weak var imageView: UIImageView!

    /// "♥ Liked", "Playing", the reply sent: added in code under the storyboard's views.
    let statusLabel = UILabel()
    private var liked = false

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Today's article"
        statusLabel.translatesAutoresizingMaskIntoConstraints = false
        statusLabel.font = UIFont.preferredFont(forTextStyle: .footnote)
        statusLabel.textColor = .systemPink
        statusLabel.textAlignment = .right
        view.addSubview(statusLabel)
        NSLayoutConstraint.activate([
            statusLabel.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            statusLabel.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -12),
            statusLabel.widthAnchor.constraint(equalToConstant: 200),
        ])
    }

    func didReceive(_ notification: UNNotification) {
        let content = notification.request.content
        titleLabel.text = content.title
        subtitleLabel.text = content.subtitle
        bodyLabel.text = content.body
        if let attachment = content.attachments.first, attachment.url.startAccessingSecurityScopedResource() {
            defer { attachment.url.stopAccessingSecurityScopedResource() }
            if let data = try? Data(contentsOf: attachment.url) {
                imageView.image = UIImage(data: data)
            }
        }
    }

    func didReceive(_ response: UNNotificationResponse,
                    completionHandler completion: @escaping (UNNotificationContentExtensionResponseOption) -> Void) {
        switch response.actionIdentifier {
        case "like":
            liked.toggle()
            statusLabel.text = liked ? "♥ Liked" : nil
            // The button now undoes the like (iOS 12: the actions can change while shown).
            extensionContext?.notificationActions = [
                UNNotificationAction(identifier: "like", title: liked ? "Unlike" : "Like", options: []),
                UNTextInputNotificationAction(identifier: "reply", title: "Reply", options: [],
                                              textInputButtonTitle: "Send", textInputPlaceholder: "Your comment"),
                UNNotificationAction(identifier: "save", title: "Save for later", options: []),
            ]
            completion(.doNotDismiss)
        case "reply":
            if let reply = response as? UNTextInputNotificationResponse {
                statusLabel.text = "Sent: \(reply.userText)"
            }
            // The app posts the comment: it gets the response with the text.
            completion(.dismissAndForwardAction)
        case "save":
            statusLabel.text = "Saved"
            completion(.dismiss)
        default:
            completion(.dismissAndForwardAction)
        }
    }

    var mediaPlayPauseButtonType: UNNotificationContentExtensionMediaPlayPauseButtonType {
        return .default
    }

    var mediaPlayPauseButtonFrame: CGRect {
        // In the view controller's view's coordinates: centred on the picture.
        let picture = imageView.convert(imageView.bounds, to: view)
        return CGRect(x: picture.midX - 25, y: picture.midY - 25, width: 50, height: 50)
    }

    var mediaPlayPauseButtonTintColor: UIColor {
        return .systemOrange
    }

    func mediaPlay() {
        statusLabel.text = "Playing"
    }

    func mediaPause() {
        statusLabel.text = "Paused"
    }
}
