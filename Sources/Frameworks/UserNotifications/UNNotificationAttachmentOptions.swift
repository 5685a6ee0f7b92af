/// Option key: a UTI string that gives the attachment's type instead of its file extension.
public let UNNotificationAttachmentOptionsTypeHintKey: String = "UNNotificationAttachmentOptionsTypeHintKey"
/// Option key: a Bool; true hides the thumbnail.
public let UNNotificationAttachmentOptionsThumbnailHiddenKey: String = "UNNotificationAttachmentOptionsThumbnailHiddenKey"
/// Option key: a rectangle dictionary (`CGRect.dictionaryRepresentation`) in unit
/// coordinates that clips the thumbnail.
public let UNNotificationAttachmentOptionsThumbnailClippingRectKey: String = "UNNotificationAttachmentOptionsThumbnailClippingRectKey"
/// Option key: the frame number (animated image) or time in seconds or CMTime dictionary
/// (movie) to take the thumbnail from.
public let UNNotificationAttachmentOptionsThumbnailTimeKey: String = "UNNotificationAttachmentOptionsThumbnailTimeKey"
