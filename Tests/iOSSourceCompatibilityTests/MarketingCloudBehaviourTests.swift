import Foundation
import Testing
import UserNotifications

/// Salesforce Marketing Cloud's SFMCNotificationService without a network: what the app's
/// sfmcDidReceive returns reaches userInfo, and the content is delivered once.
@Suite struct MarketingCloudBehaviourTests {
    func deliver(_ userInfo: [AnyHashable: Any], to service: UNNotificationServiceExtension) async -> UNNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = "Your order shipped"
        content.userInfo = userInfo
        let request = UNNotificationRequest(identifier: "s", content: content, trigger: nil)
        return await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(request) { continuation.resume(returning: $0) }
        }
    }

    @Test func theAppsCustomKeysReachUserInfo() async {
        let delivered = await deliver(
            ["_sid": "SFMC", "_m": "NDIyOjExNDow", "_mediaAlt": "A parcel"], to: MarketingCloudNotificationService())
        #expect(delivered.userInfo["MyCustomKey"] as? String == "MyCustomValue")
        #expect(delivered.userInfo["_m"] as? String == "NDIyOjExNDow")
        #expect(delivered.body == "A parcel")
    }

    @Test func theDefaultsDeliverTheContentAsItCame() async {
        let delivered = await deliver(["_sid": "SFMC"], to: MarketingCloudDefaultNotificationService())
        #expect(delivered.title == "Your order shipped" && delivered.userInfo.count == 1)
    }

    @Test func theConfigurationsDefaults() {
        #expect(marketingCloudContentConfig.timeoutIntervalForRequest == 30)
        let config = MarketingCloudDefaultNotificationService().sfmcProvideConfig()
        #expect(config.logLevel == .none && config.shouldShowCarouselThumbnail)
    }
}
