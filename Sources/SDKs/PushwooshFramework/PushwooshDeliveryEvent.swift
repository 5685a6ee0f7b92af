import Foundation
import NSESimRuntime
import NSESimSDKSupport

/// Pushwoosh's message delivery event (`messageDeliveryEvent`): the application code
/// (`Pushwoosh_APPID` of the extension's Info.plist), the message hash (`p`) and its metadata
/// (`md`). nsesim sends nothing; the report shows what would have been sent.
enum PushwooshDeliveryEvent {
    static func record(_ userInfo: [AnyHashable: Any], api: String) {
        var fields: [String: JSONValue] = ["method": .string("messageDeliveryEvent")]
        let application = (Bundle.main.object(forInfoDictionaryKey: "Pushwoosh_APPID") as? String)?.trimmingCharacters(in: .whitespaces)
        fields["application"] = application.map { .string($0) } ?? .null
        if let hash = userInfo["p"] as? String { fields["hash"] = .string(hash) }
        if let metadata = userInfo["md"] as? String { fields["metaData"] = .string(metadata) }
        let note = application == nil ? " (no Pushwoosh_APPID in the extension's Info.plist: Pushwoosh takes the app's)" : ""
        SDKActivity.record(sdk: PushwooshProcessor.sdk, api: api, "message delivery event recorded (not sent)\(note)", fields)
    }
}
