import UserNotifications

extension MORichNotification {
    /// What `MoEngageSDKRichNotification.addPushTemplate(toController:withNotification:)` does.
    public static func addPushTemplate(toController controller: AnyObject, withNotification notification: UNNotification) {
        MoEngagePushTemplates.add(
            to: controller, notification: notification, api: "MORichNotification.addPushTemplate(toController:withNotification:)")
    }
}
