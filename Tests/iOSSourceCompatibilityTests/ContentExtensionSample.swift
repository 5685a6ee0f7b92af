import UIKit
import UserNotifications
import UserNotificationsUI

// A Notification Content Extension's view controller as apps write it (Xcode's template grown
// with the usual features): outlets filled in didReceive(_:), both didReceive forms, the media
// play/pause button, actions replaced while shown, the default action and closing from code.
// It only has to compile in Swift 5 mode. (The outlets are plain implicitly unwrapped
// properties here: `@IBOutlet` needs the Objective-C runtime, which Linux does not have;
// nsesim strips the attribute from an extension's sources before building them.)
class SampleContentViewController: UIViewController, UNNotificationContentExtension {
    /* @IBOutlet */ weak var titleLabel: UILabel!
    /* @IBOutlet */ weak var bodyLabel: UILabel!
    /* @IBOutlet */ weak var imageView: UIImageView!
    /* @IBOutlet */ var playButtonContainer: UIView?

    private var isPlaying = false
    private var likes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        preferredContentSize = CGSize(width: view.bounds.width, height: view.bounds.width * 0.75)
        title = NSLocalizedString("Episode", comment: "content extension title")
    }

    func didReceive(_ notification: UNNotification) {
        let content = notification.request.content
        titleLabel?.text = content.title
        bodyLabel?.text = content.body
        if let episode = content.userInfo["episode"] as? [String: Any], let name = episode["name"] as? String {
            title = name
        }
        guard let attachment = content.attachments.first else { return }
        if attachment.url.startAccessingSecurityScopedResource() {
            defer { attachment.url.stopAccessingSecurityScopedResource() }
            if let data = try? Data(contentsOf: attachment.url), let image = UIImage(data: data) {
                imageView?.image = image
            }
        }
    }

    func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping (UNNotificationContentExtensionResponseOption) -> Void
    ) {
        switch response.actionIdentifier {
        case "like":
            likes += 1
            extensionContext?.notificationActions = [
                UNNotificationAction(identifier: "unlike", title: "Unlike (\(likes))", options: []),
                UNTextInputNotificationAction(
                    identifier: "comment", title: "Comment", options: [],
                    textInputButtonTitle: "Post", textInputPlaceholder: "Say something"),
            ]
            completion(.doNotDismiss)
        case "comment":
            if let textResponse = response as? UNTextInputNotificationResponse, !textResponse.userText.isEmpty {
                bodyLabel?.text = textResponse.userText
            }
            completion(.dismissAndForwardAction)
        case "open":
            extensionContext?.performNotificationDefaultAction()
            completion(.dismiss)
        case "close":
            extensionContext?.dismissNotificationContentExtension()
            completion(.doNotDismiss)
        case UNNotificationDismissActionIdentifier:
            completion(.dismiss)
        case UNNotificationDefaultActionIdentifier:
            completion(.dismissAndForwardAction)
        default:
            completion(.dismissAndForwardAction)
        }
    }

    var mediaPlayPauseButtonType: UNNotificationContentExtensionMediaPlayPauseButtonType {
        return .overlay
    }

    var mediaPlayPauseButtonFrame: CGRect {
        guard let imageView = imageView else { return CGRect(x: 0, y: 0, width: 44, height: 44) }
        return CGRect(x: imageView.frame.midX - 22, y: imageView.frame.midY - 22, width: 44, height: 44)
    }

    var mediaPlayPauseButtonTintColor: UIColor {
        return UIColor.systemRed
    }

    func mediaPlay() {
        isPlaying = true
        bodyLabel?.text = "Playing…"
        // Playback started from the app's own controls would say so too.
        extensionContext?.mediaPlayingStarted()
    }

    func mediaPause() {
        isPlaying = false
        bodyLabel?.text = "Paused"
        extensionContext?.mediaPlayingPaused()
    }
}

// The smallest form: the template's view controller, only didReceive(_:), everything else the
// protocol's defaults.
class MinimalContentViewController: UIViewController, UNNotificationContentExtension {
    /* @IBOutlet */ var label: UILabel?

    override func viewDidLoad() {
        super.viewDidLoad()
        // Do any required interface initialization here.
    }

    func didReceive(_ notification: UNNotification) {
        self.label?.text = notification.request.content.body
    }
}

// Option values used as apps compare them.
func describe(_ option: UNNotificationContentExtensionResponseOption) -> String {
    switch option {
    case .doNotDismiss: return "stays"
    case .dismiss: return "closes"
    case .dismissAndForwardAction: return "closes and forwards"
    @unknown default: return "unknown"
    }
}

func describe(_ type: UNNotificationContentExtensionMediaPlayPauseButtonType) -> String {
    switch type {
    case .none: return "none"
    case .default: return "default"
    case .overlay: return "overlay"
    @unknown default: return "unknown"
    }
}
