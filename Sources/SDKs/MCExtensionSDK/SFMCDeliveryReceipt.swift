import Foundation
import NSESimRuntime

/// The push delivery receipt the extension SDK keeps for the app in the App Group named by
/// the Info.plist's `SF_MARKETINGCLOUD_APP_GROUP_KEY`: for a Marketing Cloud push (`_sid` is
/// `SFMC`), with its message (`_m`) and request (`_r`) ids. nsesim records it in the report;
/// nothing is sent.
enum SFMCDeliveryReceipt {
    static let appGroupKey = "SF_MARKETINGCLOUD_APP_GROUP_KEY"

    static func record(for userInfo: [AnyHashable: Any], config: SFNotificationServiceConfig, api: String) {
        SFMCReport.record(
            api: "sfmcProvideConfig",
            "log level \(config.logLevel), carousel thumbnail \(config.shouldShowCarouselThumbnail ? "on" : "off")")
        guard userInfo["_sid"] as? String == "SFMC" else {
            SFMCReport.record(
                api: api, "not a Marketing Cloud push (_sid is not SFMC): no delivery receipt",
                ["sid": (userInfo["_sid"] as? String).map { .string($0) } ?? .null])
            return
        }
        var fields: [String: JSONValue] = [
            "message": (userInfo["_m"] as? String).map { .string($0) } ?? .null,
            "request": (userInfo["_r"] as? String).map { .string($0) } ?? .null,
        ]
        guard let group = Bundle.main.object(forInfoDictionaryKey: appGroupKey) as? String, !group.isEmpty else {
            SFMCReport.record(api: api, "no \(appGroupKey) in the Info.plist: no delivery receipt", fields)
            return
        }
        fields["appGroup"] = .string(group)
        SFMCReport.record(
            api: api, "delivery receipt for message \(userInfo["_m"] as? String ?? "(no _m)") kept in \(group) (recorded, not sent)", fields
        )
    }
}
