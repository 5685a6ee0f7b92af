import Sentry
import UserNotifications

enum PayloadError: Error {
    case missingKey(String)
}

/// Error reporting from the extension as Sentry's guide sets it up: started once with the DSN
/// from the Info.plist (`$(SENTRY_DSN)` from the build settings), a transaction around
/// didReceive, a breadcrumb per step, the scope's tags and user, errors and a message captured.
class NotificationService: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override init() {
        super.init()
        SentrySDK.start { options in
            options.dsn = Bundle.main.object(forInfoDictionaryKey: "SentryDSN") as? String
            options.debug = false
            options.environment = "notification-service"
            options.tracesSampleRate = 1.0
            options.beforeSend = { event in
                event.tags?["target"] = "nse"
                return event
            }
        }
    }

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.contentHandler = contentHandler
        bestAttemptContent = (request.content.mutableCopy() as? UNMutableNotificationContent)
        guard let bestAttemptContent = bestAttemptContent else { return }
        let transaction = SentrySDK.startTransaction(name: "didReceive", operation: "notification.service")

        SentrySDK.configureScope { scope in
            scope.setTag(value: request.identifier, key: "notification.id")
            scope.setUser(User(userId: "user-42"))
            scope.setContext(value: ["category": request.content.categoryIdentifier], key: "push")
        }
        let crumb = Breadcrumb(level: .info, category: "push")
        crumb.message = "received \(request.content.title)"
        SentrySDK.addBreadcrumb(crumb)

        let parse = transaction.startChild(operation: "payload.parse")
        do {
            guard let sender = request.content.userInfo["sender"] as? String else { throw PayloadError.missingKey("sender") }
            bestAttemptContent.body = "\(bestAttemptContent.body) (from \(sender))"
            parse.finish()
        } catch {
            parse.finish(status: .invalidArgument)
            SentrySDK.capture(error: error) { scope in
                scope.setLevel(.warning)
            }
        }
        let eventId = SentrySDK.capture(message: "push handled")
        bestAttemptContent.subtitle = SentrySDK.isEnabled ? "reported \(eventId.sentryIdString.count)" : "Sentry disabled"
        transaction.finish()
        SentrySDK.flush(timeout: 2)
        contentHandler(bestAttemptContent)
    }

    override func serviceExtensionTimeWillExpire() {
        SentrySDK.capture(message: "serviceExtensionTimeWillExpire")
        if let contentHandler = contentHandler, let bestAttemptContent = bestAttemptContent {
            contentHandler(bestAttemptContent)
        }
    }
}
