import AvatarKit
import UserNotifications
import UIKit

/// Rounds and tints the sender's avatar with AvatarKit, a library in Kingfisher's style (`--package`).
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        bestAttemptContent = content
        guard let string = request.content.userInfo["image-url"] as? String, let url = URL(string: string) else {
            contentHandler(content)
            return
        }
        Task { @MainActor in
            let view = AnimatedAvatarView(frame: .zero)
            view.avatarURL = url
            self.attach(url, to: content, keptOnView: view.avatarURL == url, contentHandler: contentHandler)
        }
    }

    func attach(_ url: URL, to content: UNMutableNotificationContent, keptOnView: Bool, contentHandler: @escaping (UNNotificationContent) -> Void) {
        AvatarDownloader.shared.download(url) { result in
            switch result {
            case .success(let data):
                guard let avatar = AvatarDrawing.rounded(data, radius: 40) else {
                    content.body = "not an image"
                    break
                }
                let tinted = AvatarDrawing.tinted(avatar, with: .red)
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("avatar-\(UUID().uuidString).png")
                if let png = tinted.pngData(), (try? png.write(to: file)) != nil,
                    let attachment = try? UNNotificationAttachment(identifier: "avatar", url: file, options: nil)
                {
                    content.attachments = [attachment]
                }
                content.subtitle = "\(AvatarDrawing.platform) \(Int(avatar.size.width))x\(Int(avatar.size.height)) app:\(AvatarDrawing.hasApplication) url:\(keptOnView)"
            case .failure(let failure):
                content.body = "download failed: \(failure)"
            }
            contentHandler(content)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler, let bestAttemptContent { contentHandler(bestAttemptContent) }
    }
}
