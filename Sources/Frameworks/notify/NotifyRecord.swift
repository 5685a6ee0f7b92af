import NSESimRuntime

/// What is reported of each notify call (source `notify.notification`, the report's `notify`):
/// the call, the name, the token, the status and what happened.
enum NotifyRecord {
    static func send(api: String, name: String?, token: Int32? = nil, status: Int32 = NOTIFY_STATUS_OK, summary: String) {
        var record: [String: JSONValue] = [
            "api": .string(api), "status": .integer(Int64(status)), "statusName": .string(NotifyStatusName.name(status)),
            "summary": .string(summary),
        ]
        if let name { record["name"] = .string(name) }
        if let token { record["token"] = .integer(Int64(token)) }
        NSESimReport.send(source: .notify, .object(record))
    }

    /// Reports a refusal and returns its status.
    static func refused(_ api: String, _ status: Int32, _ reason: String, name: String? = nil) -> UInt32 {
        send(api: api, name: name, status: status, summary: "\(NotifyStatusName.name(status)): \(reason)")
        return UInt32(bitPattern: status)
    }
}
