import CleverTapSDK
import Foundation
import Testing
import UserNotifications

/// CleverTap's extension as the iOS sample above subclasses it, on pushes that need no
/// download (the downloads run end to end in Fixtures/cases/sdks/clevertap-*).
@Suite struct CleverTapBehaviourTests {
    @Test func withoutItsKeysTheContentIsDeliveredAsItCame() {
        let content = UNMutableNotificationContent()
        content.title = "Flash sale"
        content.userInfo = ["ct_mediaUrl": "https://example.com/a.jpg", "ct_mediaType": "image"]  // not the custom keys
        let service = CleverTapCustomKeysNotificationService()
        var delivered: [UNNotificationContent] = []
        service.didReceive(UNNotificationRequest(identifier: "ct-1", content: content, trigger: nil)) { delivered.append($0) }
        #expect(service.mediaUrlKey == "myMediaUrlKey")
        #expect(delivered.count == 1)
        #expect(delivered.first?.title == "Flash sale")
        service.serviceExtensionTimeWillExpire()
        #expect(delivered.count == 1, "delivered once")
        #expect(CleverTap.sharedInstance() != nil, "the account set in code")
    }
}
