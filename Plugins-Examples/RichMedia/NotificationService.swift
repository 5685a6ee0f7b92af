import UserNotifications

/// Rich media picked by the payload:
///
///     "media": [{"type": "image" | "audio" | "video", "url": "https://…",
///                "thumbnail-time": 1.5, "clip": [0, 0, 1, 0.5], "hide-thumbnail": false}]
///
/// Every item is downloaded at once (URLSession, in parallel); URLs without a file
/// extension get a type hint from the item's type, and the thumbnail options are passed on.
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    private let typeHints = ["image": "public.jpeg", "audio": "public.mp3", "video": "public.mpeg-4"]
    private let extensions = ["image": "jpg", "audio": "mp3", "video": "mp4"]

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(request.content)
            return
        }
        bestAttemptContent = content
        let items = request.content.userInfo["media"] as? [[String: Any]] ?? []
        let group = DispatchGroup()
        let lock = NSLock()
        var attachments: [(Int, UNNotificationAttachment)] = []
        for (index, item) in items.enumerated() {
            guard let kind = item["type"] as? String, let address = item["url"] as? String,
                  let url = URL(string: address) else { continue }
            group.enter()
            URLSession.shared.downloadTask(with: url) { location, response, error in
                defer { group.leave() }
                guard let location = location, error == nil,
                      (response as? HTTPURLResponse)?.statusCode == 200 else { return }
                let fileExtension = url.pathExtension.isEmpty ? (self.extensions[kind] ?? "dat") : url.pathExtension
                let file = URL(fileURLWithPath: NSTemporaryDirectory())
                    .appendingPathComponent("\(index)-\(UUID().uuidString)").appendingPathExtension(fileExtension)
                var options: [AnyHashable: Any] = [:]
                if url.pathExtension.isEmpty, let hint = self.typeHints[kind] {
                    options[UNNotificationAttachmentOptionsTypeHintKey] = hint
                }
                if let time = item["thumbnail-time"] as? Double {
                    options[UNNotificationAttachmentOptionsThumbnailTimeKey] = time
                }
                if let hidden = item["hide-thumbnail"] as? Bool {
                    options[UNNotificationAttachmentOptionsThumbnailHiddenKey] = hidden
                }
                if let clip = item["clip"] as? [Double], clip.count == 4 {
                    options[UNNotificationAttachmentOptionsThumbnailClippingRectKey] =
                        CGRect(x: clip[0], y: clip[1], width: clip[2], height: clip[3]).dictionaryRepresentation
                }
                do {
                    try FileManager.default.moveItem(at: location, to: file)
                    let attachment = try UNNotificationAttachment(identifier: "\(kind)-\(index)", url: file, options: options)
                    lock.lock()
                    attachments.append((index, attachment))
                    lock.unlock()
                } catch {
                    print("\(kind) \(address): \(error)")
                }
            }.resume()
        }
        group.notify(queue: .global()) {
            content.attachments = attachments.sorted { $0.0 < $1.0 }.map { $0.1 }
            contentHandler(content)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
