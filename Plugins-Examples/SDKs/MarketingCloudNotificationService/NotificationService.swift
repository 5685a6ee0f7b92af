import MCExtensionSDK
import UserNotifications

// As Salesforce's guide writes it: the principal class inherits from SFMCNotificationService,
// which implements didReceive and serviceExtensionTimeWillExpire; the app's own work (here,
// the `_mediaUrl` image and a custom key) goes in sfmcDidReceive.
class NotificationService: SFMCNotificationService {

    // Logging levels and the like, if required.
    override func sfmcProvideConfig() -> SFNotificationServiceConfig {
        var logLevel: LogLevel = .none
#if DEBUG
        logLevel = .debug
#endif
        return SFNotificationServiceConfig(logLevel: logLevel)
    }

    // Custom processing: media, custom keys for userInfo (returned through the handler,
    // never written into the request's userInfo).
    override func sfmcDidReceive(_ request: UNNotificationRequest, mutableContent: UNMutableNotificationContent, withContentHandler contentHandler: @escaping ([AnyHashable : Any]?) -> Void) {
        self.addMedia(mutableContent) {
            var customUserInfo: [AnyHashable : Any] = [:]
            customUserInfo["MyCustomKey"] = "MyCustomValue"
            contentHandler(customUserInfo)
        }
    }

    private func addMedia(_ mutableContent: UNMutableNotificationContent, completion: @escaping () -> Void) {
        guard let mediaUrlString = mutableContent.userInfo["_mediaUrl"] as? String, !mediaUrlString.isEmpty else {
            completion()
            return
        }
        guard let mediaUrl = URL(string: mediaUrlString) else {
            completion()
            return
        }
        let session = URLSession(configuration: URLSessionConfiguration.default)
        let downloadTask = session.downloadTask(with: mediaUrl) { location, response, error in
            if error != nil {
                completion()
                return
            }
            guard let theLocation = location, let theResponse = response as? HTTPURLResponse,
                  (200...299).contains(theResponse.statusCode) else {
                completion()
                return
            }
            let localMediaUrl = URL(fileURLWithPath: theLocation.path + mediaUrl.lastPathComponent)
            try? FileManager.default.removeItem(at: localMediaUrl)
            do {
                try FileManager.default.moveItem(at: theLocation, to: localMediaUrl)
            } catch {
                completion()
                return
            }
            guard let mediaAttachment = try? UNNotificationAttachment(identifier: "SomeAttachmentId", url: localMediaUrl) else {
                completion()
                return
            }
            mutableContent.attachments = [mediaAttachment]
            completion()
        }
        downloadTask.resume()
    }
}
