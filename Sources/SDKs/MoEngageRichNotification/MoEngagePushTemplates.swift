import Foundation
import NSESimRuntime
import UserNotifications

/// MoEngage's push templates, drawn by its helper in a notification content extension
/// (`addPushTemplate(toController:withNotification:)` from `didReceive(_:)`). nsesim does not
/// draw them: the call builds and is reported with the template the push names, and the
/// content extension's own view shows.
enum MoEngagePushTemplates {
    static func add(to controller: AnyObject, notification: UNNotification, api: String) {
        let userInfo = notification.request.content.userInfo
        let richPush = (userInfo["moeFeatures"] as? [AnyHashable: Any])?["richPush"] as? [AnyHashable: Any]
        guard let template = richPush?["displayName"] as? String else {
            MoEngageRichPushHandler.record(api: api, "no push template (moeFeatures.richPush) in the notification: nothing added")
            return
        }
        MoEngageRichPushHandler.record(
            api: api, "push template \(template) not drawn (nsesim does not simulate MoEngage's templates) in \(type(of: controller))",
            ["template": .string(template)])
    }
}
