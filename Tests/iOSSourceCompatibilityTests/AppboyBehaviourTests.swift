import AppboyKit
import Testing
import UserNotifications

/// ABKPushUtils reads the payload as Braze's compatibility source does.
@Suite struct AppboyBehaviourTests {
    @Test func brazePushesAndInternalOnes() {
        #expect(ABKPushUtils.isAppboyRemoteNotification(["ab": ["c": "x"]]))
        #expect(!ABKPushUtils.isAppboyRemoteNotification(["ab": [String: Any]()]))
        #expect(!ABKPushUtils.isAppboyRemoteNotification(["fcm_options": ["image": "x"]]))
        #expect(ABKPushUtils.isUninstallTrackingRemoteNotification(["appboy_uninstall_tracking": true]))
        #expect(ABKPushUtils.isGeofencesSyncRemoteNotification(["ab": ["ab_sync_geos": "true"]]))
        #expect(ABKPushUtils.isAppboyInternalRemoteNotification(["ab": ["ab_sync_geos": 1]]))
        #expect(ABKPushUtils.isAppboySilentRemoteNotification(["ab": ["c": "x"], "aps": ["content-available": 1]]))
        #expect(!ABKPushUtils.isAppboySilentRemoteNotification(["aps": ["content-available": 1]]))
        #expect(ABKPushUtils.isPushStoryRemoteNotification(["ab": ["ab_carousel": true]]))
        #expect(ABKPushUtils.notificationContainsContentCard(["ab": ["ab_cd": ["id": "card"]]]))
    }

    @Test func defaultCategories() {
        let categories = ABKPushUtils.getAppboyUNNotificationCategorySet()
        #expect(Set(categories.map(\.identifier)) == ["ab_cat_accept_decline", "ab_cat_yes_no", "ab_cat_confirm_cancel", "ab_cat_more"])
        let accept = categories.first { $0.identifier == "ab_cat_accept_decline" }
        #expect(accept?.actions.map(\.identifier) == ["ab_pb_accept", "ab_pb_decline"])
    }

    @Test func sampleMarksABrazePush() {
        let content = UNMutableNotificationContent()
        content.userInfo = ["ab": ["c": "x"]]
        var delivered: UNNotificationContent?
        AppboyCheckingNotificationService().didReceive(UNNotificationRequest(identifier: "a", content: content, trigger: nil)) {
            delivered = $0
        }
        #expect(delivered?.subtitle == "braze")
    }
}
