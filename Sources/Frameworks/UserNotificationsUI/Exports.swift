// UserNotificationsUI on iOS brings UIKit and UserNotifications with it: a file that imports
// only UserNotificationsUI sees UIViewController and UNNotification.
@_exported import UIKit
@_exported import UserNotifications
