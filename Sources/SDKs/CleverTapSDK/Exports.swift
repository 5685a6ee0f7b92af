// CleverTap's module is an Objective-C framework whose headers import UserNotifications
// (and UIKit); Clang modules re-export what their headers import. The stand-in re-exports
// UserNotifications (not UIKit, which would load UIKit's libraries into every extension
// importing CleverTapSDK).
@_exported import UserNotifications
