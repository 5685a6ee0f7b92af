import UserNotifications

extension UNNotificationRequest {
    /// Whether the request comes from Airship (a media attachment, Airship's metadata, or
    /// its `_` send id).
    public var isAirship: Bool {
        containsAirshipMediaAttachments || content.userInfo["com.urbanairship.metadata"] != nil || content.userInfo["_"] != nil
    }

    /// Whether the request comes from Airship and has media attachments.
    public var containsAirshipMediaAttachments: Bool {
        content.userInfo["com.urbanairship.media_attachment"] != nil
    }
}
