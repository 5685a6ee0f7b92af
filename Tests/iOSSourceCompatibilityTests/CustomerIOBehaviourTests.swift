import CioInternalCommon
import Foundation
import Testing
import UserNotifications

/// customer.io's module as the iOS sample above uses it, on pushes that need no download
/// (the downloads run end to end in Fixtures/cases/sdks/customerio-*).
@Suite struct CustomerIOBehaviourTests {
    private func request(_ userInfo: [AnyHashable: Any]) -> UNNotificationRequest {
        let content = UNMutableNotificationContent()
        content.title = "Your cart misses you"
        content.userInfo = userInfo
        return UNNotificationRequest(identifier: "cio-1", content: content, trigger: nil)
    }

    @Test func anotherProvidersPushIsLeftToTheExtension() {
        let service = CustomerIOSharedNotificationService()
        var delivered: [UNNotificationContent] = []
        service.didReceive(request(["pw_msg": "1"])) { delivered.append($0) }
        #expect(!service.handledByCio)
        #expect(delivered.count == 1)
    }

    @Test func aCustomerIOPushWithoutImageIsDeliveredOnce() async {
        let service = CustomerIOSharedNotificationService()
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<UNNotificationContent, Never>) in
            service.didReceive(request(["CIO-Delivery-ID": "d", "CIO-Delivery-Token": "t", "CIO": ["push": ["link": "shop://"]]])) {
                continuation.resume(returning: $0)
            }
        }
        #expect(service.handledByCio)
        #expect(delivered.title == "Your cart misses you")
    }

    @Test func appGroupAndRegionNames() {
        #expect(
            AppGroupIdentifier.identifier(forProcessBundleIdentifier: "com.example.shop.NotificationServiceExtension")
                == "group.com.example.shop.cio")
        #expect(Region.getRegion(from: "eu") == .EU)
        #expect(CioLogLevel.allCases.map(\.rawValue) == ["none", "error", "info", "debug"])
    }
}
