import Sentry
import UserNotifications

/// The Sentry sample of this target (Swift 5 mode, Sentry's names only): the SDK started with
/// options as its guide writes them, a transaction with a child span, a breadcrumb, the scope's
/// tag and user, an error and a message captured.
class SentryNotificationService: UNNotificationServiceExtension {
    static func start(dsn: String?, dropMessages: Bool = false) {
        SentrySDK.start { options in
            options.dsn = dsn
            options.debug = true
            options.environment = "notification-service"
            options.releaseName = "com.example.app@2.1+42"
            options.tracesSampleRate = 1.0
            options.maxBreadcrumbs = 3
            options.beforeSend = { event in
                if dropMessages && event.level == .info { return nil }
                event.tags?["target"] = "nse"
                return event
            }
        }
    }

    var captured: [SentryId] = []

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        let transaction = SentrySDK.startTransaction(name: "didReceive", operation: "notification.service", bindToScope: true)
        SentrySDK.configureScope { scope in
            scope.setTag(value: request.identifier, key: "notification.id")
            scope.setExtra(value: request.content.userInfo.count, key: "keys")
            scope.setUser(User(userId: "user-42"))
            scope.setContext(value: ["category": "MESSAGE"], key: "push")
        }
        for step in ["received", "decrypted", "parsed", "shown"] {
            let crumb = Breadcrumb(level: .info, category: "push")
            crumb.message = step
            SentrySDK.addBreadcrumb(crumb)
        }
        let span = transaction.startChild(operation: "decrypt", description: "AES-GCM")
        span.setData(value: 128, key: "bytes")
        span.finish(status: .internalError)
        captured.append(SentrySDK.capture(error: NSError(domain: "Decrypt", code: 3, userInfo: [NSLocalizedDescriptionKey: "bad tag"])))
        captured.append(SentrySDK.capture(message: "push handled"))
        content.subtitle = SentrySDK.span === transaction ? "bound" : "unbound"
        transaction.finish()
        SentrySDK.flush(timeout: 2)
        contentHandler(content)
    }
}
