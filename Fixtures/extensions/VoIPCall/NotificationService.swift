import CallKit
import UserNotifications

/// A VoIP call request arrives as an ordinary push (end-to-end encrypted in real apps); the
/// extension reports the call to CallKit (iOS 14.5) and hands over the content.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        guard let call = request.content.userInfo["call"] as? [String: Any] else {
            contentHandler(content)
            return
        }
        CXProvider.reportNewIncomingVoIPPushPayload(["callID": call["id"] ?? "", "caller": call["caller"] ?? "", "hasVideo": false]) { error in
            content.subtitle = error.map { "call refused: \(($0 as NSError).code)" } ?? "call reported"
            contentHandler(content)
        }
    }
}
