import Foundation
import UserNotifications

/// One of `itbl.actionButtons` made an action as Iterable makes it: `identifier`, `title`,
/// `buttonType` (`default`, `destructive`, `textInput` with `inputTitle` and
/// `inputPlaceholder`), `openApp` (default true: foreground, and authentication required),
/// `requiresUnlock`.
enum ITBActionButton {
    static func action(from button: [AnyHashable: Any]) -> UNNotificationAction? {
        guard let identifier = button["identifier"] as? String, let title = button["title"] as? String else { return nil }
        let type = button["buttonType"] as? String ?? "default"
        let openApp = (button["openApp"] as? NSNumber)?.boolValue ?? true
        let requiresUnlock = (button["requiresUnlock"] as? NSNumber)?.boolValue ?? false
        var options: UNNotificationActionOptions = []
        if type == "destructive" { options.insert(.destructive) }
        if openApp { options.insert(.foreground) }
        if requiresUnlock || openApp { options.insert(.authenticationRequired) }
        if type == "textInput" {
            return UNTextInputNotificationAction(
                identifier: identifier, title: title, options: options,
                textInputButtonTitle: button["inputTitle"] as? String ?? "",
                textInputPlaceholder: button["inputPlaceholder"] as? String ?? "")
        }
        return UNNotificationAction(identifier: identifier, title: title, options: options)
    }
}
