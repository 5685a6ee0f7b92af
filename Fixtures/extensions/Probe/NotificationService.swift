import UserNotifications

/// Test fixture: reports what the extension process looks like from the inside, as JSON in
/// the delivered body: a counter that lives in a static (so it survives only in a reused
/// process), the pid, the container folders (after writing a file into each), the main
/// bundle and the threads it runs on.
///
/// With `"probe-wait": true` in the payload, didReceive keeps its thread asleep and never
/// calls the handler; serviceExtensionTimeWillExpire() delivers the report instead. With
/// `"probe-sleep": SECONDS`, it sleeps that long, then calls the handler, and the report says
/// when (Unix time, in the process) didReceive began (`didReceiveAt`) and the handler was
/// called (`handedAt`).
class NotificationService: UNNotificationServiceExtension {
    static var didReceiveCount = 0

    private let lock = NSLock()
    private var report: [String: Any] = [:]
    private var contentHandler: ((UNNotificationContent) -> Void)?
    private var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        NotificationService.didReceiveCount += 1
        let count = NotificationService.didReceiveCount
        let fileManager = FileManager.default
        let tmp = NSTemporaryDirectory()
        let caches = fileManager.urls(for: .cachesDirectory, in: .userDomainMask).first!
        let tmpFile = URL(fileURLWithPath: tmp).appendingPathComponent("probe-\(count).txt")
        let cachesFile = caches.appendingPathComponent("probe-\(count).txt")
        let tmpWritten = (try? Data("probe".utf8).write(to: tmpFile)) != nil
        let cachesWritten = (try? Data("probe".utf8).write(to: cachesFile)) != nil
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        lock.lock()
        report = [
            "counter": count,
            "pid": Int(getpid()),
            "home": NSHomeDirectory(),
            "tmp": tmp,
            "caches": caches.path,
            "tmpFile": tmpFile.path,
            "tmpFileWritten": tmpWritten,
            "cachesFile": cachesFile.path,
            "cachesFileWritten": cachesWritten,
            "bundle": Bundle.main.bundlePath,
            "didReceiveThread": "\(pthread_self())",
            "didReceiveThreadName": Thread.current.name ?? "",
            "didReceiveOnMainThread": Thread.isMainThread,
        ]
        self.contentHandler = contentHandler
        bestAttemptContent = content
        lock.unlock()

        if request.content.userInfo["probe-wait"] as? Bool == true {
            // A synchronous wait that outlasts the deadline: the handler comes from
            // serviceExtensionTimeWillExpire(), on another thread.
            Thread.sleep(forTimeInterval: 30)
            return
        }
        let sleep = request.content.userInfo["probe-sleep"]
        if let seconds = sleep as? Double ?? (sleep as? Int).map(Double.init) {
            let began = Date().timeIntervalSince1970
            Thread.sleep(forTimeInterval: seconds)
            deliver(extra: ["didReceiveAt": began, "handedAt": Date().timeIntervalSince1970])
            return
        }
        deliver(extra: [:])
    }

    override func serviceExtensionTimeWillExpire() {
        deliver(extra: [
            "timeWillExpireThread": "\(pthread_self())",
            "timeWillExpireThreadName": Thread.current.name ?? "",
            "timeWillExpireOnMainThread": Thread.isMainThread,
        ])
    }

    private func deliver(extra: [String: Any]) {
        lock.lock()
        report.merge(extra) { $1 }
        let handler = contentHandler
        let content = bestAttemptContent
        contentHandler = nil
        let data = try! JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        lock.unlock()
        guard let handler, let content else { return }
        content.body = String(decoding: data, as: UTF8.self)
        handler(content)
    }
}
