import Foundation
import UserNotifications

extension MediaAttachmentPayload.Options {
    /// Apple's attachment options for one medium; `hideThumbnail` when another medium's
    /// thumbnail is the one to show (`thumbnail_id`).
    func attachmentOptions(hideThumbnail: Bool) -> [AnyHashable: Any] {
        var options: [AnyHashable: Any] = [:]
        if let crop {
            options[UNNotificationAttachmentOptionsThumbnailClippingRectKey] =
                CGRect(x: crop.x, y: crop.y, width: crop.width, height: crop.height).dictionaryRepresentation
        }
        if let time { options[UNNotificationAttachmentOptionsThumbnailTimeKey] = time }
        if let hidden { options[UNNotificationAttachmentOptionsThumbnailHiddenKey] = hidden }
        if hideThumbnail { options[UNNotificationAttachmentOptionsThumbnailHiddenKey] = true }
        return options
    }
}
