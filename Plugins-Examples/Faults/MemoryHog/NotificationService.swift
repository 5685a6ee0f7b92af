import UserNotifications

/// Decodes an "image" into ever larger buffers, 4 MB at a time, up to 400 MB: iOS kills an
/// extension that goes far above about 24 MB (outcome killed-memory with --memory-limit).
class NotificationService: UNNotificationServiceExtension {
    var buffers: [[UInt8]] = []

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        for _ in 0..<100 {
            buffers.append([UInt8](repeating: 0xAB, count: 4_000_000))
            usleep(5_000)
        }
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        content.body = "decoded \(buffers.count * 4) MB"
        contentHandler(content)
    }
}
