import UserNotifications

import IterableAppExtensions

class NotificationService: ITBNotificationServiceExtension {
}
