// Through CocoaPods and Carthage, Batch's module is a framework whose Objective-C umbrella
// header imports UserNotifications; Clang modules re-export what their headers import, so
// `import BatchExtension` alone makes UNNotificationRequest and the rest visible. (Through
// SwiftPM it is pure Swift and does not; a file that imports UserNotifications itself builds
// either way.) The stand-in does what the first does.
@_exported import UserNotifications
