import NSESimRuntime
import NSESimSDKSupport

/// The report's `sdk` steps of the Marketing Cloud extension SDK.
enum SFMCReport {
    static let sdk = "MCExtensionSDK"

    static func record(api: String, _ summary: String, _ fields: [String: JSONValue] = [:]) {
        SDKActivity.record(sdk: sdk, api: api, summary, fields)
    }
}
