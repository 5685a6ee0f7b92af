// CleverTap's module is an Objective-C framework whose headers import UserNotifications; Clang
// modules re-export what their headers import, so on iOS `import CTNotificationService` alone makes
// UNNotificationRequest and the rest visible. The stand-in does the same.
@_exported import UserNotifications
