import BatchExtension

// Batch's setup guide: the extension's class inherits Batch's drop-in replacement and
// overrides nothing; Batch downloads and attaches the rich content.
class NotificationService: BAENotificationServiceExtension {

}
