import CallKit
import UserNotifications

/// A VoIP call reported from a service extension, the async way (the CallKit sample of this
/// target: compiled in Swift 5 mode, run by its test).
class CallKitNotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        let configuration = CXProviderConfiguration()
        configuration.supportsVideo = true
        configuration.supportedHandleTypes = [.generic]
        _ = CXProvider(configuration: configuration)
        Task {
            do {
                try await CXProvider.reportNewIncomingVoIPPushPayload(["caller": "Anna"])
                contentHandler(request.content)
            } catch let error as CXErrorCodeNotificationServiceExtensionError {
                let content = request.content.mutableCopy() as! UNMutableNotificationContent
                content.subtitle = "\(error.code)"
                contentHandler(content)
            } catch {
                contentHandler(request.content)
            }
        }
    }
}
