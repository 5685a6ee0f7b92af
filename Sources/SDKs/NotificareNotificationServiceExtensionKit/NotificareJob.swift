import UserNotifications

/// A request and its completion, handed to the thread that downloads.
///
/// `@unchecked Sendable`: neither is Sendable (Apple's request is not); only that thread uses
/// them once handed over.
final class NotificareJob: @unchecked Sendable {
    let request: UNNotificationRequest
    let completion: (Result<UNNotificationContent, any Swift.Error>) -> Void

    init(request: UNNotificationRequest, completion: @escaping (Result<UNNotificationContent, any Swift.Error>) -> Void) {
        self.request = request
        self.completion = completion
    }
}

/// The content an async call hands back across the download thread.
///
/// `@unchecked Sendable`: the content is made on that thread and only read after.
struct NotificareResult: @unchecked Sendable {
    let content: UNNotificationContent
}
