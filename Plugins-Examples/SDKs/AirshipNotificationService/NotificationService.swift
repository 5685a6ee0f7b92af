import AirshipNotificationServiceExtension

class NotificationService: UANotificationServiceExtension {

}
