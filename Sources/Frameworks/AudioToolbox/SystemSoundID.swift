/// A system sound: one of iOS's built-in sounds (1000...1351), vibration, or a sound file the
/// extension registered with `AudioServicesCreateSystemSoundID`.
public typealias SystemSoundID = UInt32

/// Vibrates the device (on devices that can): play it like a sound.
public let kSystemSoundID_Vibrate: SystemSoundID = 0x0000_0FFF
/// The alert sound the user chose in Settings.
public let kSystemSoundID_UserPreferredAlert: SystemSoundID = 0x0000_1000
/// Flashes the screen (macOS).
public let kSystemSoundID_FlashScreen: SystemSoundID = 0x0000_0FFE
