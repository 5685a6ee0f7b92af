import UserNotifications

extension UNNotificationServiceExtension {
    /// Handles a Braze push: attaches its media (`ab.att`) and calls `contentHandler`.
    ///
    /// - Returns: true when the notification is Braze's and Braze calls the handler; false
    ///   when it is not (no `ab` key), for the extension to handle it.
    @discardableResult
    public func brazeHandle(
        request: UNNotificationRequest,
        contentHandler: @escaping (UNNotificationContent) -> Void
    ) -> Bool {
        BrazeNotificationHandling.handle(request, service: self, contentHandler: contentHandler)
    }

    /// Delivers the best attempt of a Braze push still being processed (its content without
    /// the media). Call it from `serviceExtensionTimeWillExpire()`.
    ///
    /// - Returns: true when Braze called the content handler.
    @discardableResult
    public func brazeTimeWillExpire() -> Bool {
        BrazeNotificationHandling.timeWillExpire(service: self)
    }
}
