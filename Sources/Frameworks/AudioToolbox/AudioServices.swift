import Foundation
import NSESimCFTypes
import NSESimRuntime

/// Registers the sound file at `inFileURL` (a `.caf`, `.aif` or `.wav` in the bundle, as a
/// rule) and writes its ID into `outSystemSoundID`. A file that does not exist or is not audio
/// gives `kAudioServicesSystemSoundUnspecifiedError` and leaves the ID alone; the report says why.
public func AudioServicesCreateSystemSoundID(_ inFileURL: CFURL, _ outSystemSoundID: UnsafeMutablePointer<SystemSoundID>) -> OSStatus {
    let url = inFileURL as URL
    do {
        let file = try SoundFile.check(url)
        let id = SystemSounds.shared.register(file)
        outSystemSoundID.pointee = id
        SystemSounds.shared.report(
            "AudioServicesCreateSystemSoundID", id,
            [
                "file": .string(file.path), "mimeType": .string(file.mimeType), "size": .integer(Int64(file.size)),
                "status": .integer(Int64(kAudioServicesNoError)),
            ])
        return kAudioServicesNoError
    } catch {
        SystemSounds.shared.report(
            "AudioServicesCreateSystemSoundID", nil,
            [
                "file": .string(url.isFileURL ? url.path : url.absoluteString),
                "status": .integer(Int64(kAudioServicesSystemSoundUnspecifiedError)),
                "statusName": .string("kAudioServicesSystemSoundUnspecifiedError"), "error": .string(error.message),
            ])
        return kAudioServicesSystemSoundUnspecifiedError
    }
}

/// Releases a sound made by `AudioServicesCreateSystemSoundID`. An ID that is not one gives
/// `kAudioServicesSystemSoundUnspecifiedError`.
@discardableResult
public func AudioServicesDisposeSystemSoundID(_ inSystemSoundID: SystemSoundID) -> OSStatus {
    let known = SystemSounds.shared.dispose(inSystemSoundID)
    let status = known ? kAudioServicesNoError : kAudioServicesSystemSoundUnspecifiedError
    var details: [String: JSONValue] = ["status": .integer(Int64(status))]
    if !known { details["error"] = .string("no sound created with ID \(inSystemSoundID)") }
    SystemSounds.shared.report("AudioServicesDisposeSystemSoundID", inSystemSoundID, details)
    return status
}

/// Plays a sound (on Linux: recorded in the report; nothing is heard).
public func AudioServicesPlaySystemSound(_ inSystemSoundID: SystemSoundID) {
    SystemSounds.shared.report("AudioServicesPlaySystemSound", inSystemSoundID, SystemSounds.shared.describe(inSystemSoundID))
}

/// Plays a sound as an alert, which also vibrates on iPhone (recorded in the report).
public func AudioServicesPlayAlertSound(_ inSystemSoundID: SystemSoundID) {
    var details = SystemSounds.shared.describe(inSystemSoundID)
    details["vibrates"] = .bool(true)
    SystemSounds.shared.report("AudioServicesPlayAlertSound", inSystemSoundID, details)
}

/// Plays a sound and calls `inCompletionBlock` when it has finished (recorded; the block runs
/// at once, on another thread, as iOS runs it off the caller's).
public func AudioServicesPlaySystemSoundWithCompletion(_ inSystemSoundID: SystemSoundID, _ inCompletionBlock: (() -> Void)?) {
    SystemSounds.shared.report("AudioServicesPlaySystemSoundWithCompletion", inSystemSoundID, SystemSounds.shared.describe(inSystemSoundID))
    SystemSounds.finish(inCompletionBlock)
}

/// Plays a sound as an alert and calls `inCompletionBlock` when it has finished (recorded).
public func AudioServicesPlayAlertSoundWithCompletion(_ inSystemSoundID: SystemSoundID, _ inCompletionBlock: (() -> Void)?) {
    var details = SystemSounds.shared.describe(inSystemSoundID)
    details["vibrates"] = .bool(true)
    SystemSounds.shared.report("AudioServicesPlayAlertSoundWithCompletion", inSystemSoundID, details)
    SystemSounds.finish(inCompletionBlock)
}
