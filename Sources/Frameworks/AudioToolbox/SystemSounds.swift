import Foundation
import NSESimRuntime

/// The sounds this process registered, by ID (iOS hands out IDs from 4097), and the report of
/// each call.
final class SystemSounds: @unchecked Sendable {
    static let shared = SystemSounds()

    private let lock = NSLock()
    private var files: [SystemSoundID: SoundFile] = [:]
    private var nextID: SystemSoundID = 4097

    func register(_ file: SoundFile) -> SystemSoundID {
        lock.withLock {
            let id = nextID
            nextID += 1
            files[id] = file
            return id
        }
    }

    /// Removes `id`; false when it was not registered.
    func dispose(_ id: SystemSoundID) -> Bool {
        lock.withLock { files.removeValue(forKey: id) != nil }
    }

    func file(_ id: SystemSoundID) -> SoundFile? {
        lock.withLock { files[id] }
    }

    /// What playing `id` does on iOS, as the report says it: the sound, its file, whether
    /// anything is heard or felt.
    func describe(_ id: SystemSoundID) -> [String: JSONValue] {
        if let file = file(id) {
            return [
                "sound": .string((file.path as NSString).lastPathComponent), "file": .string(file.path),
                "mimeType": .string(file.mimeType), "plays": .bool(true),
            ]
        }
        switch id {
        case kSystemSoundID_Vibrate: return ["sound": .string("vibrate"), "plays": .bool(true)]
        case kSystemSoundID_UserPreferredAlert: return ["sound": .string("the user's alert sound"), "plays": .bool(true)]
        case kSystemSoundID_FlashScreen: return ["sound": .string("flash screen (macOS only)"), "plays": .bool(false)]
        case 1000...1351: return ["sound": .string("system sound \(id)"), "plays": .bool(true)]
        default: return ["sound": .null, "plays": .bool(false), "error": .string("no sound has ID \(id): iOS plays nothing")]
        }
    }

    /// Calls a play function's completion once the sound "has finished": at once, on another
    /// thread, as iOS calls it off the caller's.
    static func finish(_ completion: (() -> Void)?) {
        guard let completion else { return }
        nonisolated(unsafe) let block = completion
        DispatchQueue.global().async { block() }
    }

    func report(_ api: String, _ id: SystemSoundID?, _ details: [String: JSONValue] = [:]) {
        var record: [String: JSONValue] = ["api": .string(api)]
        if let id { record["soundID"] = .integer(Int64(id)) }
        NSESimReport.send(source: .systemSound, .object(record.merging(details) { $1 }))
    }
}
