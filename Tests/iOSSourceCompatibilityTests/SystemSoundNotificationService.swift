import AudioToolbox
import UserNotifications

/// A service extension that plays a chime from its bundle and vibrates for urgent pushes (the
/// AudioToolbox sample of this target: Swift 5 mode, Apple's names only).
class SystemSoundNotificationService: UNNotificationServiceExtension {
    /// Where the chime is; the bundle's resource in an app, a file of the test here.
    var chimeURL: URL? = Bundle.main.url(forResource: "chime", withExtension: "caf")

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
    {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        if (request.content.userInfo["urgent"] as? NSNumber)?.boolValue == true {
            AudioServicesPlaySystemSound(kSystemSoundID_Vibrate)
            AudioServicesPlayAlertSound(SystemSoundID(1005))
        }
        var soundID: SystemSoundID = 0
        guard let url = chimeURL else {
            content.subtitle = "no chime"
            contentHandler(content)
            return
        }
        let status: OSStatus = AudioServicesCreateSystemSoundID(url as CFURL, &soundID)
        if status != noErr {
            content.subtitle = "error \(status)"
            contentHandler(content)
            return
        }
        AudioServicesPlaySystemSoundWithCompletion(soundID) {
            AudioServicesDisposeSystemSoundID(soundID)
            content.subtitle = "played \(soundID)"
            contentHandler(content)
        }
    }
}
