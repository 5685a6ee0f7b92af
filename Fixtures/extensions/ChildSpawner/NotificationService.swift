import UserNotifications

/// Test fixture: starts a child process (`sleep 60`) with Foundation's Process, then never
/// calls the content handler. When nsesim kills the extension at the end of the grace,
/// the child must die with it. If CHILD_PID_FILE is set, the child's pid is written there.
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var child: Process?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        let sleep = ["/bin/sleep", "/usr/bin/sleep"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/bin/sleep"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sleep)
        process.arguments = ["60"]
        do {
            try process.run()
        } catch {
            print("ChildSpawner: cannot start \(sleep): \(error)")
            return
        }
        child = process
        if let file = ProcessInfo.processInfo.environment["CHILD_PID_FILE"] {
            try? "\(process.processIdentifier)".write(toFile: file, atomically: true, encoding: .utf8)
        }
        // Hangs: the handler is never called.
    }

    override func serviceExtensionTimeWillExpire() {
        // Does not deliver anything either.
    }
}
