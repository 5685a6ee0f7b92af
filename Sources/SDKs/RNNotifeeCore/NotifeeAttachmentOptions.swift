import Foundation
import UserNotifications

/// Apple's attachment options from a Notifee attachment's (`NotifeeCoreUtil
/// attachmentOptionsFromDictionary:`): `typeHint`, `thumbnailHidden`,
/// `thumbnailClippingRect` ({x, y, width, height}) and `thumbnailTime`.
enum NotifeeAttachmentOptions {
    static func options(from attachment: [AnyHashable: Any]) -> [AnyHashable: Any] {
        var options: [AnyHashable: Any] = [:]
        if let typeHint = attachment["typeHint"] { options[UNNotificationAttachmentOptionsTypeHintKey] = typeHint }
        if let hidden = attachment["thumbnailHidden"] { options[UNNotificationAttachmentOptionsThumbnailHiddenKey] = hidden }
        if let area = attachment["thumbnailClippingRect"] as? [AnyHashable: Any] {
            func number(_ key: String) -> Double { (area[key] as? NSNumber)?.doubleValue ?? 0 }
            options[UNNotificationAttachmentOptionsThumbnailClippingRectKey] =
                CGRect(x: number("x"), y: number("y"), width: number("width"), height: number("height")).dictionaryRepresentation
        }
        if let time = attachment["thumbnailTime"] { options[UNNotificationAttachmentOptionsThumbnailTimeKey] = time }
        return options
    }
}
