import CioInternalCommon
import CioMessagingPushAPN
import UserNotifications

// customer.io's guide when Customer.io is not the only push provider, and its sample app's
// settings (region, log level, metrics, app group), naming CioInternalCommon's types.
class CustomerIOSharedNotificationService: UNNotificationServiceExtension {
    var handledByCio = false

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        let config = MessagingPushConfigBuilder(cdpApiKey: "cdp-api-key")
            .region(Region.EU)
            .logLevel(CioLogLevel.info)
            .autoTrackPushEvents(false)
            .appGroupId("group.com.example.shop.cio")
            .build()
        MessagingPushAPN.initializeForExtension(withConfig: config)

        handledByCio = MessagingPush.shared.didReceive(request, withContentHandler: contentHandler)
        if !handledByCio {
            contentHandler(request.content)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        MessagingPush.shared.serviceExtensionTimeWillExpire()
    }
}
