import AppboyKit
import UserNotifications

// Braze's SDK before its Swift SDK, as Braze's legacy guide and apps call ABKPushUtils:
// registering the default categories, and telling Braze's pushes (and its internal ones) apart.
class AppboyCheckingNotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        let userInfo = request.content.userInfo
        let appboyCategories = ABKPushUtils.getAppboyUNNotificationCategorySet()
        UNUserNotificationCenter.current().setNotificationCategories(appboyCategories)
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        if ABKPushUtils.isAppboyRemoteNotification(userInfo) && !ABKPushUtils.isAppboyInternalRemoteNotification(userInfo) {
            content.subtitle = "braze"
        }
        if ABKPushUtils.isUninstallTrackingRemoteNotification(userInfo) || ABKPushUtils.isGeofencesSyncRemoteNotification(userInfo) {
            content.subtitle = "internal"
        }
        if ABKPushUtils.isAppboySilentRemoteNotification(userInfo) || ABKPushUtils.isPushStoryRemoteNotification(userInfo)
            || ABKPushUtils.notificationContainsContentCard(userInfo)
        {
            content.body = "silent, story or card"
        }
        contentHandler(content)
    }
}
