import AudioToolbox
import UserNotifications

/// Plays a sound from the extension's bundle when the push names one (a short chime for
/// messages, vibration for urgent ones), then hands over the content.
class NotificationService: UNNotificationServiceExtension {
    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        if request.content.userInfo["urgent"] as? Bool == true {
            AudioServicesPlayAlertSound(kSystemSoundID_Vibrate)
        }
        guard let name = request.content.userInfo["chime"] as? String,
              let url = Bundle.main.url(forResource: name, withExtension: nil) else {
            content.subtitle = "no chime"
            contentHandler(content)
            return
        }
        var soundID: SystemSoundID = 0
        let status = AudioServicesCreateSystemSoundID(url as CFURL, &soundID)
        guard status == kAudioServicesNoError else {
            content.subtitle = "chime refused: \(status)"
            contentHandler(content)
            return
        }
        AudioServicesPlaySystemSoundWithCompletion(soundID) {
            AudioServicesDisposeSystemSoundID(soundID)
            content.subtitle = "chimed \(name)"
            contentHandler(content)
        }
    }
}
