import Foundation
import NSESimRuntime

extension NotificationRun {
    /// One SystemConfiguration call, for the text report:
    /// "SCNetworkReachabilityGetFlags localhost → reachable, isLocalAddress, isDirect (resolved to 127.0.0.1; …)".
    static func reachabilityLine(_ record: JSONValue) -> String {
        let api = record["api"]?.stringValue ?? "?"
        let target = record["target"]?.stringValue ?? "?"
        guard let flags = record["flags"]?.arrayValue else {
            let extra = ["created", "callback", "scheduled"].compactMap { key in record[key]?.boolValue.map { "\(key) \($0)" } }
            return "\(api) \(target.printable)" + (extra.isEmpty ? "" : " (\(extra.joined(separator: ", ")))")
        }
        let names = flags.compactMap(\.stringValue)
        return "\(api) \(target.printable) → \(names.isEmpty ? "not reachable" : names.joined(separator: ", "))"
            + (record["reason"]?.stringValue.map { " (\($0))" } ?? "")
    }

    /// One AudioToolbox call, for the text report: "AudioServicesPlayAlertSound 4095 vibrate",
    /// "AudioServicesCreateSystemSoundID failed -1500: … is not audio (text/plain)".
    static func soundLine(_ record: JSONValue) -> String {
        let api = record["api"]?.stringValue ?? "?"
        if let error = record["error"]?.stringValue {
            return "\(api) failed" + (record["status"]?.integerValue.map { " \($0)" } ?? "") + ": \(error)"
        }
        var parts = [api]
        if let id = record["soundID"]?.integerValue { parts.append("\(id)") }
        if let sound = record["sound"]?.stringValue { parts.append(sound.printable) }
        if let file = record["file"]?.stringValue, record["sound"] == nil { parts.append(file.printable) }
        if let type = record["mimeType"]?.stringValue { parts.append("(\(type))") }
        return parts.joined(separator: " ")
    }
}

extension NotificationRun {
    /// One AVFAudio call, for the text report: "AVAudioFile(forReading:) ring.caf (caf, lpcm Float32 44100 Hz 1 ch) 22050 frames",
    /// "write(from:) long.caf 22050 frames → 88200", "AVAudioFile(forReading:) failed 1954115647 'typ?': … is not an audio file".
    static func audioLine(_ record: JSONValue) -> String {
        let api = record["api"]?.stringValue ?? "?"
        let file = record["file"]?.stringValue.map { " \($0.printable)" } ?? ""
        if let error = record["error"]?.stringValue {
            let code = record["code"]?.integerValue.map { " \($0)" } ?? ""
            let fourCC = record["fourCC"]?.stringValue.map { " '\($0)'" } ?? ""
            return "\(api)\(file) failed\(code)\(fourCC): \(error)"
        }
        if api.hasPrefix("AVAudioSession") {
            let fields = ["category", "mode", "active"].compactMap { key -> String? in
                guard let value = record[key] else { return nil }
                return value.stringValue.map { "\(key) \($0)" } ?? value.boolValue.map { "\(key) \($0)" }
            }
            return "\(api) \(fields.joined(separator: ", ")) (recorded; nothing changes)"
        }
        var line = "\(api)\(file)"
        if api.hasPrefix("AVAudioFile(") {
            line += " (\(record["fileType"]?.stringValue ?? "?"), \(record["fileFormat"]?.stringValue ?? "?"))"
            if let frames = record["frames"]?.integerValue, frames > 0 { line += " \(frames) frames" }
        } else if api == "close" {
            line += " → \(record["length"]?.integerValue ?? 0) frames"
            if let bytes = record["bytes"]?.integerValue { line += ", \(bytes) bytes" }
            if let seconds = record["seconds"]?.numberValue { line += String(format: ", %.2f s", seconds) }
        } else {
            line += " \(record["frames"]?.integerValue ?? 0) frames → \(record["position"]?.integerValue ?? 0)"
        }
        return line
    }
}

extension NotificationRun {
    /// One Core Data operation, for the text report: "load SQLite …/Shared.sqlite (Conversation, Message)",
    /// "fetch Conversation where id == "c-42" → 1", "save inserted Message 1 → …/Shared.sqlite",
    /// "load failed 259: The file “Shared.sqlite” couldn’t be opened because it isn’t in the correct format.".
    static func coreDataLine(_ record: JSONValue) -> String {
        let operation = record["operation"]?.stringValue ?? "?"
        let store = record["store"]?.stringValue.map { ($0 as NSString).lastPathComponent }
        if let error = record["error"]?.stringValue {
            return "\(operation) failed" + (record["code"]?.integerValue.map { " \($0)" } ?? "") + ": \(error)"
        }
        switch operation {
        case "load":
            let entities = record["entities"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return "load \(record["type"]?.stringValue ?? "SQLite") \(store ?? "in memory") (\(entities.joined(separator: ", ")))"
        case "fetch", "count":
            var line = "\(operation) \(record["entity"]?.stringValue ?? "?")"
            if let predicate = record["predicate"]?.stringValue { line += " where \(predicate.printable)" }
            if let sort = record["sort"]?.arrayValue?.compactMap(\.stringValue), !sort.isEmpty {
                line += " by \(sort.joined(separator: ", "))"
            }
            if let limit = record["fetchLimit"]?.integerValue { line += " limit \(limit)" }
            return line + " → \(record["count"]?.integerValue ?? 0)"
        case "save":
            let parts = ["inserted", "updated", "deleted"].compactMap { key -> String? in
                guard let counts = record[key]?.objectValue, !counts.isEmpty else { return nil }
                return "\(key) "
                    + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.integerValue ?? 0)" }.joined(separator: ", ")
            }
            return "save " + parts.joined(separator: "; ") + (store.map { " → \($0)" } ?? "")
        default:
            return operation
        }
    }
}

extension NotificationRun {
    /// One call of a framework whose records say what happened in a `summary` (BackgroundTasks,
    /// CommonCrypto, notify), for the text report: "submit(_:) com.example.refresh: refused: …".
    static func summaryLine(_ record: JSONValue) -> String {
        let api = record["api"]?.stringValue ?? "?"
        let subject = (record["identifier"] ?? record["name"])?.stringValue.map { " \($0.printable)" } ?? ""
        return "\(api)\(subject): \(record["summary"]?.stringValue ?? "")"
    }
}
