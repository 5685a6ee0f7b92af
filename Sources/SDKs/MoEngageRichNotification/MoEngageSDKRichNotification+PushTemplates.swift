import UserNotifications

extension MoEngageSDKRichNotification {
    /// Draws the notification's MoEngage push template into `controller`, a content
    /// extension's view controller. nsesim reports the call and draws nothing.
    public static func addPushTemplate(toController controller: AnyObject, withNotification notification: UNNotification) {
        MoEngagePushTemplates.add(to: controller, notification: notification, api: "addPushTemplate(toController:withNotification:)")
    }
}
