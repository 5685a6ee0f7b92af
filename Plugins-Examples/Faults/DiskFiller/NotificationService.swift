import UserNotifications

/// Caches a "video" of 1 GiB: writes 1 GiB of real data (no holes) into its caches
/// folder, 8 MiB at a time, then calls the content handler. If the deadline comes first,
/// serviceExtensionTimeWillExpire() hands the best attempt, saying how much was written;
/// the writing goes on until the process ends. Either way nsesim removes the container,
/// and the gigabyte with it.
class NotificationService: UNNotificationServiceExtension {
    static let total: Int64 = 1 << 30
    static let chunk = 8 << 20

    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?
    let lock = NSLock()
    var written: Int64 = 0
    var file: URL?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        bestAttemptContent = content
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        let url = caches.appendingPathComponent("video.cache")
        lock.withLock { file = url }
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: url) else {
            print("DiskFiller: cannot create \(url.path)")
            return
        }
        let data = Data(repeating: 0xA5, count: Self.chunk)
        while lock.withLock({ written }) < Self.total {
            do {
                try handle.write(contentsOf: data)
            } catch {
                print("DiskFiller: writing \(url.path) failed after \(lock.withLock { written }) bytes: \(error)")
                break
            }
            lock.withLock { written += Int64(data.count) }
        }
        try? handle.synchronize()
        try? handle.close()
        content.body = "cached \(lock.withLock { written }) bytes in \(url.path)"
        contentHandler(content)
    }

    override func serviceExtensionTimeWillExpire() {
        guard let contentHandler = contentHandler,
              let content = bestAttemptContent?.mutableCopy() as? UNMutableNotificationContent else { return }
        let (bytes, path) = lock.withLock { (written, file?.path ?? "?") }
        content.body = "cached \(bytes) bytes in \(path) before the deadline"
        contentHandler(content)
    }
}
