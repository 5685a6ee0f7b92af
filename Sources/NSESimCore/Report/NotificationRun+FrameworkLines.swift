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
