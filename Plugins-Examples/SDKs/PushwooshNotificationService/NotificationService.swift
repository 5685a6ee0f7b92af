import PushwooshFramework

// Pushwoosh's setup guide (SDK 7.1): the extension's class inherits Pushwoosh's ready-made
// one; Pushwoosh_APPID and PW_APP_GROUPS_NAME are in the Info.plist.
class NotificationService: PushwooshNotificationServiceExtension {}
