import NSESimCFTypes

// System Sound Services' result codes, Apple's values.

/// Success.
public let kAudioServicesNoError: OSStatus = 0
/// The property is not supported ('pty?').
public let kAudioServicesUnsupportedPropertyError: OSStatus = 0x7074_793F
/// The property's data size is wrong ('!siz').
public let kAudioServicesBadPropertySizeError: OSStatus = 0x2173_697A
/// The specifier's size is wrong ('!spc').
public let kAudioServicesBadSpecifierSizeError: OSStatus = 0x2173_7063
/// A system sound failed for a reason not otherwise named: the file is missing, not audio, or
/// the sound ID unknown.
public let kAudioServicesSystemSoundUnspecifiedError: OSStatus = -1500
/// The system sound server did not answer in time.
public let kAudioServicesSystemSoundClientTimedOutError: OSStatus = -1501
/// The sound is longer than the 30 seconds a system sound may last.
public let kAudioServicesSystemSoundExceededMaximumDurationError: OSStatus = -1502
