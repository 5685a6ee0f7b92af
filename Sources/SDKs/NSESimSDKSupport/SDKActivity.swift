import NSESimRuntime

/// What an SDK's helper did, for the report: one record per step (`sdk`, `api`, a readable
/// `summary`, and fields such as `url`, `attachment`, `category`, `badge` or `error`).
public enum SDKActivity {
    /// Reports that `sdk`'s `api` did `summary`, with `fields`.
    public static func record(sdk: String, api: String, _ summary: String, _ fields: [String: JSONValue] = [:]) {
        var object = fields
        object["sdk"] = .string(sdk)
        object["api"] = .string(api)
        object["summary"] = .string(summary)
        NSESimReport.send(source: .sdk, .object(object))
    }
}
