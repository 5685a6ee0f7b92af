import AirshipServiceExtension

// Airship through CocoaPods (pod 'AirshipServiceExtension'), whose module is named after the pod.
class NotificationService: UANotificationServiceExtension {

}
