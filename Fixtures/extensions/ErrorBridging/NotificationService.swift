import UserNotifications

/// Error handling written the iOS way: every error is an NSError there.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        var notes: [String] = []
        let photo = Bundle.main.url(forResource: "photo", withExtension: "jpg")!
        let withoutExtension = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("photo-download")
        try? FileManager.default.removeItem(at: withoutExtension)
        try? FileManager.default.copyItem(at: photo, to: withoutExtension)

        do {
            _ = try UNNotificationAttachment(identifier: "a", url: withoutExtension, options: nil)
        } catch let error as NSError {
            content.subtitle = "\(error.domain) \(error.code)"   // iOS: "UNErrorDomain 101"
        }

        do {
            _ = try UNNotificationAttachment(identifier: "b", url: URL(string: "https://example.com/x.jpg")!, options: nil)
        } catch {
            let nsError = error as? NSError
            notes.append("as?=\(nsError?.code ?? -1)")
            notes.append("is=\(error is NSError)")
            if case UNError.attachmentInvalidURL = error { notes.append("case=100") }
            if let unError = error as? UNError { notes.append("UNError=\(unError.code.rawValue)") }
        }

        struct AppError: Error {}
        do {
            throw AppError()
        } catch let error as NSError {
            notes.append("own=\(error.domain.hasSuffix("AppError"))")
        }

        // A Foundation error as Linux's URLSession reports it (an NSError of NSURLErrorDomain).
        do {
            throw NSError(domain: NSURLErrorDomain, code: URLError.notConnectedToInternet.rawValue)
        } catch let error as URLError {
            notes.append("URLError=\(error.code == .notConnectedToInternet)")
        } catch {
            notes.append("URLError=missed")
        }

        // The attachment added after the failed one, with a type hint.
        if let attachment = try? UNNotificationAttachment(identifier: "photo", url: withoutExtension,
                                                          options: [UNNotificationAttachmentOptionsTypeHintKey: "public.jpeg"]) {
            content.attachments = [attachment]
        }
        content.body = notes.joined(separator: " ")
        contentHandler(content)
    }
}
